// flowc-bench: performance checks for flowc's modules.
//
//     flowc-bench yaml [--size MiB] [--runs N]    libyaml event scan vs YAMLLoader.load
//     flowc-bench runtime [--iterations N] [--runs N] [--flows DIR] [--extra-flows N,N…]
//                                                  FlowCoordinator vs a hand-written coordinator, and by bundle size
//
// Each benchmark lives in its own file and registers itself in `benchmarks` below.

let benchmarks: [(name: String, summary: String, run: @MainActor ([String]) -> Int32)] = [
    ("yaml", "time YAMLLoader.load against a bare libyaml event scan", YAMLLoadBenchmark.run),
    ("runtime", "time FlowCoordinator against a hand-written coordinator, and by bundle size", RuntimeBenchmark.run),
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
