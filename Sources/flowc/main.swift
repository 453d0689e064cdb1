import FlowcCommandLine
import Foundation

#if canImport(Glibc)
import Glibc

// glibc raises its mmap threshold to the largest block freed (up to 32 MiB) and its trim threshold to
// twice that, so once a file's YAML document is freed, freed memory stays in the process: fixed, they
// keep `validate`'s peak resident memory down. Speed: PERFORMANCE.md, "Shapes kept for speed".
// `mallopt` is not in the Glibc module (malloc.h), so it is looked up; -3 is malloc.h's M_MMAP_THRESHOLD.
if let mallopt = dlsym(nil, "mallopt") {
    _ = unsafeBitCast(mallopt, to: (@convention(c) (Int32, Int32) -> Int32).self)(-3, 4 << 20)
}
#endif

/// `flowc <subcommand> [options] <paths>`: the thin command-line front end.
/// Exit codes: 0 success, 1 findings, 2 usage or I/O errors.
guard let arguments = CommandLineArguments.validated() else { exit(ExitCode.usage) }
exit(FlowcCommand.run(arguments))
