// flowc-bench: performance checks for flowc's modules.
//
//     flowc-bench yaml [--size MiB] [--runs N]    libyaml event scan vs YAMLLoader.load
//     flowc-bench runtime [--iterations N] [--runs N] [--flows DIR] [--extra-flows N,N…]
//                                                  FlowCoordinator vs a hand-written coordinator, and by bundle size
//     flowc-bench tabs [--iterations N] [--runs N] [--tabs N,N…]
//                                                  FlowCoordinator per step against the number of kept tabs
//     flowc-bench explore [--flows DIR] [--runs N]   the explorer of `flowc check`: states and steps per second
//     flowc-bench bundle [--flows DIR] [--iterations N] [--runs N]
//                                                  loading the shipped bundle: in process (µs, threads) and cold
//     flowc-bench e2e [--screens N] [--files N] [--runs N] [--callgrind]
//                                                  flowc validate / compile / run (YAML, bundle) vs a bare scan
//     flowc-bench scaling [--series N,N…]          flowc validate from 1k to 100k screens (or more)
//     flowc-bench oneline [--series N,N…]          flowc validate on one long line full of errors
//     flowc-bench lsp [--edits N] [--screens N] [--files N] [--flows DIR]
//                                                  flowc lsp: didChange → publishDiagnostics, and memory over edits
//     flowc-bench generate DIR …, scan FILE…       the generated app, and the bare scan alone
//
// Each benchmark lives in its own file and registers itself in `benchmarks` below.

let benchmarks: [(name: String, summary: String, run: @MainActor ([String]) -> Int32)] = [
    ("yaml", "time YAMLLoader.load against a bare libyaml event scan", YAMLLoadBenchmark.run),
    ("runtime", "time FlowCoordinator against a hand-written coordinator, and by bundle size", RuntimeBenchmark.run),
    ("tabs", "time FlowCoordinator steps in one tab against the number of tabs kept aside", TabsBenchmark.run),
    (
        "explore", "explore every root flow of the shipped apps as flowc check does: states per second",
        ExploreBenchmark.run
    ),
    (
        "bundle", "time loading the bundle an app ships: decode, first screen, a cold process",
        BundleLoadBenchmark.run
    ),
    ("e2e", "time flowc validate, compile and run (YAML, bundle) against a bare libyaml scan", EndToEndBenchmark.run),
    ("scaling", "time flowc validate from 1k to 100k screens", ScalingBenchmark.run),
    (
        "oneline", "time flowc validate on one flow on one line where every screen has an error",
        ScalingBenchmark.oneLine
    ),
    ("lsp", "time flowc lsp from didChange to publishDiagnostics, and its memory over 1,000 edits", LSPBenchmark.run),
    ("generate", "write the generated app (or the one-line flow) to a folder", InputCommands.generate),
    ("scan", "bare libyaml event scan of the files named", InputCommands.scan),
]

@MainActor func usage() -> String {
    "usage: flowc-bench <benchmark> [options]\nbenchmarks:\n"
        + benchmarks.map { "  \($0.name)\t\($0.summary)" }.joined(separator: "\n")
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard let name = arguments.first, let benchmark = benchmarks.first(where: { $0.name == name }) else {
    print(usage())
    exit(arguments.isEmpty ? 0 : 64)
}
exit(benchmark.run(Array(arguments.dropFirst())))
