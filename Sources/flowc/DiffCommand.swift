import FlowCompiler
import FlowDefinitions
import FlowExplorer
import FlowModel
import FlowVersions
import FlowcCommandLine
import Foundation

/// `flowc diff OLD NEW` / `flowc diff NEW… --baseline git:REF`: which saved states and deep links of the old
/// flows the new flows keep, rename, narrow or break (``VersionDiff``). Thin: it reads the inputs, runs the
/// comparison, and prints each finding as a diagnostic located in the new flows, settled by their suppressions
/// and `.flowc.yml` as `flowc check`'s are, in the formats of `flowc validate`.
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
        'git archive'). Breaks listed in .flowc.yml's 'acceptedBreaks' do not fail the run (they become notes);
        inline suppressions and .flowc.yml's 'rules' apply to FC901-FC906 as to every code.

        The findings are diagnostics, as 'flowc validate' prints them: in text on standard error (breaks as
        errors, narrowings as warnings, renamed (and with --verbose kept) as notes, each with a note that
        reproduces its witness on the new flows), with the summary on standard output; the other formats
        on standard output. Findings of one cause (a removed screen, one rename, one narrowed constraint)
        are one diagnostic, with how many saved states or links it covers and a note naming the others.

        OPTIONS:
          --baseline git:REF  Compare with the flows of a git revision (the NEW paths as they are there).
          --format FORMAT     text (default; github when GITHUB_ACTIONS=true), json, sarif, github or gitlab.
          --strict            Exit 1 on a narrowing not accepted too.
          --verbose           Also print what is kept, one note each (else the summary counts it).
          --quiet             Print only the breaks not accepted, and no summary.
          --max-states N      Explore at most N distinct states per old root flow (default 20000, as check).
          --max-depth N       Go at most N steps from a new coordinator (default 32, as check).
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
            valueOptions: ["--baseline", "--format", "--config"] + ExplorationOptions.valueOptions,
            flagOptions: ["--strict", "--verbose", "--quiet"])
        {
        case .proceed(let scanned): options = scanned
        case .exit(let code): return code
        }
        // The bounds of `flowc check`, so that the saved states compared are the states check explores.
        let bounds: ExplorationBounds
        switch ExplorationOptions.bounds(options) {
        case .success(let read): bounds = read
        case .failure: return ExitCode.usage
        }
        guard let format = DiagnosticFormat.chosen(by: options) else { return ExitCode.usage }
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
                for index in oldConfiguration?.configuration.nearer.indices ?? 0..<0 {
                    if let copied = oldConfiguration.flatMap({
                        extracted.extractedPath(of: $0.configuration.nearer[index].folder)
                    }) {
                        oldConfiguration?.configuration.nearer[index].folder = copied
                    }
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
        var validation: ValidationResult?
        if newPaths.count == 1, FlowSources.isBundleFile(newPaths[0]) {
            switch FlowSources.load(paths: newPaths, configuration: configuration) {
            case .success(let bundle): new = bundle
            case .failure(let failure):
                Console.error(failure.message, terminator: "")
                return failure.exitCode
            }
        } else {
            switch FlowSources.compileDefinitions(paths: newPaths, configuration: configuration) {
            case .success(let compiled): (new, validation) = (compiled.bundle, compiled.result)
            case .failure(let failure):
                Console.error(failure.message, terminator: "")
                return failure.exitCode
            }
        }
        var report = VersionDiff.compare(old: old, new: new, bounds: bounds)
        VersionDiff.acknowledge(
            ConfigurationOption.settings(configuration, for: newPaths.first)?.acceptedBreaks ?? [], in: &report)
        let verbose = options.has("--verbose")
        let quiet = options.has("--quiet")
        let found = report.groups.filter { group in
            guard let first = group.first else { return false }
            if quiet { return first.verdict == .break && !first.acknowledged }
            return verbose || first.verdict != .keep
        }.map { diagnostic(for: $0, in: validation?.flows ?? [], newPaths: newPaths) }
        // A bundle has no suppressions; its findings get the configured severities all the same.
        let diagnostics =
            validation?.settling(
                found, reportedBy: .diff, configuration: configuration?.configuration,
                judgingUnused: report.isComplete)
            ?? (configuration?.configuration.applySeverities(to: found) ?? found).sortedForOutput()
        format.print(diagnostics, sources: validation?.sourcesByPath ?? [:], summary: quiet ? nil : report.summary)
        let failing: Severity = options.has("--strict") ? .warning : .error
        return diagnostics.contains { $0.severity >= failing } ? ExitCode.findings : ExitCode.success
    }

    /// The findings of one cause (``VersionDiffReport/groups``) as one diagnostic with the registry's severity
    /// for their code (a note when `.flowc.yml` accepts the break), located at the first one's new link
    /// pattern, else its new flow's name, else line 1 of the new input itself; a note reproduces the first
    /// one's witness on the new flows under `flowc run`, and another names the others (what `acceptedBreaks`
    /// lists).
    static func diagnostic(for group: [VersionFinding], in flows: [FlowDefinition], newPaths: [String]) -> Diagnostic {
        let finding = group[0]
        let flow = flows.first { $0.name.value == finding.newFlow }
        let link = finding.newPattern.flatMap { pattern in flow?.links.first { $0.pattern.value == pattern } }
        let location =
            link?.pattern.location ?? flow?.name.location
            ?? SourceLocation(file: newPaths[0], line: 1, column: 1, offset: 0)
        let severity = finding.acknowledged ? .note : (RuleRegistry.rule(code: finding.code)?.severity ?? .error)
        let witness = finding.witness.split(separator: "\n").map(String.init)
        let reproduce = CheckCommand.reproduction(
            witness, paths: newPaths, flow: finding.newRootFlow ?? finding.rootFlow)
        var notes = [DiagnosticNote("reproduce on the new flows with: \(reproduce)", at: location)]
        if group.count > 1 {
            let what = finding.kind == .snapshot ? "saved states" : "links"
            notes.append(
                DiagnosticNote(
                    "the other \(what) of this cause: " + group.dropFirst().map(\.subject).joined(separator: "; "),
                    at: location))
        }
        return Diagnostic(
            severity, code: finding.code, finding.message(groupedWith: group.count - 1), at: location, notes: notes)
    }
}
