// flowc-bench: performance checks for flowc's modules.
//
//     flowc-bench yaml [--size MiB] [--runs N]    libyaml event scan vs YAMLLoader.load
//
// Each benchmark lives in its own file and registers itself in `benchmarks` below.

let benchmarks: [(name: String, summary: String, run: ([String]) -> Int32)] = [
    ("yaml", "time YAMLLoader.load against a bare libyaml event scan", YAMLLoadBenchmark.run)
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
