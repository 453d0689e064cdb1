import FlowExplorer
import FlowModel
import FlowRuntime
import FlowcCommandLine
import Foundation

/// `flowc paths PATH… --flow NAME --cover screens|transitions|links|outcomes[,…] [--format script|swift]
/// [--output DIR]`: the shortest event sequence to each target, as `flowc run` scripts or Swift Testing
/// tests, and a coverage summary (docs/RUNNING.md, "Test paths: flowc paths").
enum PathsCommand {
    static let usage = """
        USAGE: flowc paths PATH… --flow NAME --cover screens|transitions|links|outcomes[,…]
                           [--format script|swift] [--output DIR] [--namespace NAME]
                           [--max-states N] [--max-depth N] [--config FILE]

        Validates the flows, explores root flow NAME as 'flowc check' does, and writes, for each target
        of the coverage, the shortest event sequence that reaches it, with the conditions and check
        answers it assumes:
          screens       every screen of NAME and of the flows it runs as children, shown on top
          transitions   every event of those screens taken, and every handler of a child's outcome run
          links         every deep-link pattern of NAME opened
          outcomes      every outcome of every child delivered to its parent
        Several kinds, separated by commas, share one exploration. A summary lists each target
        reached, with its path's length, and each target no explored step reached, and why.

        --format script (the default) writes one 'flowc run' script per target, its header naming the
        target and its assumptions; --format swift writes one file of Swift Testing tests per kind over
        the code 'flowc generate swift' emits for the same flows. With --output DIR the files go into
        DIR (made if missing; scripts NN-KIND-NAME.flowscript, Swift FlowKindPathTests.swift) and the
        summary to standard output; without it the scripts or the Swift go to standard output and the
        summary to standard error.

        OPTIONS:
          --flow NAME       The root flow (required).
          --cover KIND[,…]  screens, transitions, links or outcomes (required).
          --format FORMAT   script (default) or swift.
          --output DIR      Write the files into DIR.
          --namespace NAME  The namespace enum of the generated Swift (default Flows), for --format swift.
        \(ExplorationOptions.help)
        \(ConfigurationOption.help)
          -h, --help        Show this help.

        EXIT CODES: 0 paths written (targets not reached are listed, not errors), 1 the flows have errors,
        2 usage or I/O errors.
        """

    @MainActor
    static func run(_ arguments: [String]) -> Int32 {
        var bounds = ExplorationBounds()
        var coverages: [PathCoverage] = []
        var swift = false
        let validated: ValidatedSources
        switch ValidatedSources.validate(
            arguments, usage: usage,
            valueOptions: ["--config", "--flow", "--cover", "--format", "--output", "--namespace"]
                + ExplorationOptions.valueOptions,
            checkOptions: { options in
                guard !options.positional.isEmpty else {
                    Console.error(
                        "flowc: error: no paths given; name flow files or folders, such as 'flowc paths Flows --flow reading --cover screens'"
                    )
                    return ExitCode.usage
                }
                guard options.value("--flow") != nil else {
                    Console.error("flowc: error: no root flow; add '--flow NAME'")
                    return ExitCode.usage
                }
                let kinds = PathCoverage.allCases.map(\.rawValue).joined(separator: ", ")
                guard let text = options.value("--cover") else {
                    Console.error("flowc: error: no coverage; add '--cover KIND', one of \(kinds)")
                    return ExitCode.usage
                }
                for word in text.split(separator: ",", omittingEmptySubsequences: false) {
                    guard let chosen = PathCoverage(rawValue: String(word)) else {
                        Console.error("flowc: error: --cover takes \(kinds) (separated by commas), not '\(word)'")
                        return ExitCode.usage
                    }
                    if !coverages.contains(chosen) { coverages.append(chosen) }
                }
                switch options.value("--format") ?? "script" {
                case "script": swift = false
                case "swift": swift = true
                case let other:
                    Console.error("flowc: error: --format takes script or swift, not '\(other)'")
                    return ExitCode.usage
                }
                switch ExplorationOptions.bounds(options) {
                case .success(let chosen): bounds = chosen
                case .failure: return ExitCode.usage
                }
                // The folder is checked before the exploration, so a path that cannot be one fails at once, and
                // made only once the paths are found (a run whose flows fail leaves no folder behind).
                if let folder = options.value("--output"), let reason = OutputFile.problem(makingFolder: folder) {
                    Console.error("flowc: error: cannot make the folder '\(folder)': \(reason)")
                    return ExitCode.usage
                }
                return nil
            }
        ) {
        case .proceed(let sources): validated = sources
        case .exit(let code): return code
        }
        guard let bundle = ExplorationOptions.bundle(of: validated) else { return ExitCode.findings }
        let flow = validated.options.value("--flow") ?? ""
        guard bundle.flowIndex(named: flow) != nil else {
            Console.error("flowc: error: no flow named '\(flow)' in the given paths")
            return ExitCode.usage
        }
        let reports: [PathReport]
        do {
            reports = try FlowPaths.search(bundle, flow: flow, coverages: coverages, bounds: bounds)
        } catch {
            Console.error("flowc: error: flow '\(flow)' cannot be explored: \(error)")
            return ExitCode.usage
        }
        var files: [(name: String, text: String)] = []
        for report in reports {
            if swift {
                do throws(SwiftPathTestError) {
                    let namespace = validated.options.value("--namespace") ?? "Flows"
                    let text = try SwiftTestEmitter.generate(report, bundle: bundle, namespace: namespace)
                    files.append((SwiftTestEmitter.fileName(of: report), text))
                } catch {
                    Console.error("flowc: error: \(error)")
                    return ExitCode.usage
                }
            } else {
                for (index, path) in report.paths.enumerated() {
                    let text = PathScript.text(of: path, rootFlow: flow, coverage: report.coverage)
                    files.append((PathScript.fileName(of: index, in: report), text))
                }
            }
        }
        let summary = reports.map(PathSummary.text(of:)).joined()
        guard let folder = validated.options.value("--output") else {
            Console.output(files.map(\.text).joined(separator: "\n"), terminator: "")
            Console.error(summary, terminator: "")
            return ExitCode.success
        }
        if let reason = OutputFile.makeFolder(folder) {
            Console.error("flowc: error: cannot make the folder '\(folder)': \(reason)")
            return ExitCode.usage
        }
        for file in files {
            let path = (folder as NSString).appendingPathComponent(file.name)
            if let reason = OutputFile.write(Array(file.text.utf8), to: path) {
                Console.error("flowc: error: cannot write '\(path)': \(reason)")
                return ExitCode.usage
            }
        }
        Console.output(summary, terminator: "")
        return ExitCode.success
    }
}
