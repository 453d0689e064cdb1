import Foundation

/// The helpers behind the end-to-end benchmarks, usable by hand:
///
///     flowc-bench generate DIR [--screens N] [--files N]   write the generated app (AppGenerator)
///     flowc-bench generate DIR --one-line N                write one flow on one line with N bad screens
///     flowc-bench scan FILE…                               bare libyaml event scan of the files (C, one thread)
enum InputCommands {
    static func generate(_ arguments: [String]) -> Int32 {
        guard let folder = arguments.first, !folder.hasPrefix("-"),
            let screens = Bench.intOption("--screens", in: arguments, default: 41_000),
            let fileCount = Bench.intOption("--files", in: arguments, default: 1),
            let oneLine = Bench.intOption("--one-line", in: arguments, default: 0) ?? nil
        else {
            print("usage: flowc-bench generate DIR [--screens N] [--files N] | generate DIR --one-line N")
            return 64
        }
        let files =
            arguments.contains("--one-line")
            ? [AppGenerator.File(name: "oneline.yaml", bytes: AppGenerator.oneLineWithErrors(screens: oneLine))]
            : AppGenerator.app(screens: screens, files: fileCount)
        let paths = ProcessSeries.write(files, into: folder)
        print("wrote \(paths.count) files to \(folder)")
        return 0
    }

    /// Reads and scans every file; exits 1 when libyaml reports an error.
    static func scan(_ arguments: [String]) -> Int32 {
        var events = 0
        for path in arguments {
            guard let data = FileManager.default.contents(atPath: path) else {
                print("cannot read \(path)")
                return 2
            }
            let count = YAMLLoadBenchmark.scan([UInt8](data))
            guard count >= 0 else { return 1 }
            events += count
        }
        print("\(events) events")
        return 0
    }
}
