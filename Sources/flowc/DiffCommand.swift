import FlowCompiler
import FlowDefinitions
import FlowExplorer
import FlowModel
import FlowVersions
import FlowcCommandLine
import Foundation

/// `flowc diff OLD NEW` / `flowc diff NEW… --baseline git:REF`: which saved states and deep links of the old
/// flows the new flows keep, rename, narrow or break (``VersionDiff``). Thin: it reads the inputs, runs the
/// comparison and prints the report.
enum DiffCommand {
    static let usage = """
        USAGE: flowc diff OLD NEW [options]
               flowc diff NEW… --baseline git:REF [options]

        Compares two versions of an app's flows: for every shape of saved state the old flows allow (every
        state 'flowc check' explores, its snapshot restored on the new version) and every deep-link pattern
        of an old root flow (its witness URLs opened on the new version), whether the new flows keep it,
        rename it (through 'formerly' and 'aliases'), narrow it (some values no longer pass: the witness
        shows one) or break it. OLD and NEW are each a folder or file of flows, or a compiled bundle. With
        --baseline git:REF, the old flows are NEW's paths as they are in the git revision REF (read with
        'git archive'). Breaks listed in .flowc.yml's 'acceptedBreaks' do not fail the run.

        OPTIONS:
          --baseline git:REF  Compare with the flows of a git revision (the NEW paths as they are there).
          --format FORMAT     text (default; github when GITHUB_ACTIONS=true), json, sarif or github.
          --strict            Exit 1 on a narrowing not accepted too.
          --max-states N      Explore at most N distinct states per old root flow (default 5000).
          --max-depth N       Go at most N steps from a new coordinator (default 16).
        \(ConfigurationOption.help)
          -h, --help          Show this help.

        EXIT CODES: 0 nothing broken (or every break accepted), 1 a break not accepted (or the flows have
        errors), 2 usage or I/O errors.
        """

    @MainActor
    static func run(_ arguments: [String]) -> Int32 {
        let options: OptionScanner
        switch OptionScanner.scan(
            arguments, usage: usage,
            valueOptions: ["--baseline", "--format", "--config", "--max-states", "--max-depth"],
            flagOptions: ["--strict"])
        {
        case .proceed(let scanned): options = scanned
        case .exit(let code): return code
        }
        // The old bounds: the saved states worth checking are the near ones, and each is replayed.
        var bounds = ExplorationBounds()
        bounds.maxStates = 5_000
        bounds.maxDepth = 16
        for (option, minimum) in [("--max-states", 1), ("--max-depth", 1)] {
            guard let text = options.value(option) else { continue }
            guard let number = Int(text), number >= minimum else {
                Console.error("flowc: error: \(option) takes a whole number of at least \(minimum), not '\(text)'")
                return ExitCode.usage
            }
            if option == "--max-states" { bounds.maxStates = number } else { bounds.maxDepth = number }
        }
        let format =
            options.value("--format")
            ?? (ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" ? "github" : "text")
        guard VersionDiffRenderer.formats.contains(format) else {
            Console.error(
                "flowc: error: unknown format '\(format)'; expected \(VersionDiffRenderer.formats.joined(separator: ", "))"
            )
            return ExitCode.usage
        }
        let configuration: LoadedConfiguration?
        switch ConfigurationOption.load(options) {
        case .proceed(let loaded): configuration = loaded
        case .exit(let code): return code
        }
        var oldPaths: [String]
        let newPaths: [String]
        var oldConfiguration = configuration
        var baselineFolder: String?
        defer { baselineFolder.map(GitBaseline.remove) }
        if let baseline = options.value("--baseline") {
            guard baseline.hasPrefix("git:") else {
                Console.error("flowc: error: --baseline takes git:REF (such as git:origin/main), not '\(baseline)'")
                return ExitCode.usage
            }
            guard !options.positional.isEmpty else {
                Console.error(
                    "flowc: error: name the new flows, such as 'flowc diff Flows --baseline git:main'\n\n\(usage)")
                return ExitCode.usage
            }
            newPaths = options.positional
            do {
                let extracted = try GitBaseline.extract(newPaths, revision: String(baseline.dropFirst(4)))
                baselineFolder = extracted.folder
                oldPaths = extracted.paths
                // The configuration's globs apply to the revision's copy as to the working tree.
                if let folder = configuration?.configuration.folder, let copied = extracted.extractedPath(of: folder) {
                    oldConfiguration?.configuration.folder = copied
                }
            } catch {
                Console.error("flowc: error: \(error)")
                return ExitCode.usage
            }
        } else {
            guard options.positional.count == 2 else {
                Console.error(
                    "flowc: error: name the old and the new flows, such as 'flowc diff old/Flows Flows'\n\n\(usage)")
                return ExitCode.usage
            }
            oldPaths = [options.positional[0]]
            newPaths = [options.positional[1]]
        }
        let old: FlowBundle
        switch FlowSources.load(paths: oldPaths, configuration: oldConfiguration) {
        case .success(let bundle): old = bundle
        case .failure(let failure):
            Console.error("flowc: reading the old flows (\(oldPaths.joined(separator: " "))):")
            Console.error(failure.message, terminator: "")
            return failure.exitCode
        }
        let new: FlowBundle
        var definitions: [FlowDefinition] = []
        if newPaths.count == 1, FlowSources.isBundleFile(newPaths[0]) {
            switch FlowSources.load(paths: newPaths, configuration: configuration) {
            case .success(let bundle): new = bundle
            case .failure(let failure):
                Console.error(failure.message, terminator: "")
                return failure.exitCode
            }
        } else {
            switch FlowSources.compileDefinitions(paths: newPaths, configuration: configuration) {
            case .success(let compiled): (new, definitions) = compiled
            case .failure(let failure):
                Console.error(failure.message, terminator: "")
                return failure.exitCode
            }
        }
        var report = VersionDiff.compare(old: old, new: new, bounds: bounds)
        VersionDiff.acknowledge(configuration?.configuration.acceptedBreaks ?? [], in: &report)
        let rendered = VersionDiffRenderer.render(report, format: format, version: FlowcCommand.version) { finding in
            location(of: finding, in: definitions, fallback: newPaths[0])
        }
        Console.output(rendered, terminator: "")
        return report.fails(strict: options.has("--strict")) ? ExitCode.findings : ExitCode.success
    }

    /// Where a finding is shown: the new link's pattern, else the new flow's name, else the new input itself.
    static func location(of finding: VersionFinding, in flows: [FlowDefinition], fallback: String) -> DiffLocation {
        let flow = flows.first { $0.name.value == finding.newFlow }
        let link = finding.newPattern.flatMap { pattern in flow?.links.first { $0.pattern.value == pattern } }
        guard let location = link?.pattern.location ?? flow?.name.location else {
            return DiffLocation(file: fallback, line: 1, column: 1)
        }
        return DiffLocation(file: location.file, line: location.line, column: location.column)
    }
}
