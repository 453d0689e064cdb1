import FlowCompiler
import FlowDefinitions
import FlowExplorer
import FlowModel
import FlowRuntime
import FlowcCommandLine
import Foundation

/// `flowc check PATH… [--flow NAME] [--max-states N] [--max-depth N] [--strict] [--stats] [--config FILE]`: explores
/// every state the coordinator can reach and checks the guarantees of docs/RUNNING.md on every step.
enum CheckCommand {
    static let usage = """
        USAGE: flowc check PATH… [--flow NAME] [--max-states N] [--max-depth N] [--strict] [--stats]
                               [--format FORMAT] [--config FILE]

        Validates the flows, then runs the generic coordinator over every state it can reach from a new
        coordinator — events of the shown screens (arguments that meet each constraint and ones that
        break it), back on every stack, dismissal, tab selection, confirm and keep, finishing through a
        kept handle, host conditions and checks answered either way, every deep link, stop — and checks the
        guarantees of docs/RUNNING.md ("Guarantees") on every step. A broken guarantee is reported at
        the screen shown before the step, with a script that reproduces it under 'flowc run'; so are,
        as warnings, what only exploration proves (FC807-FC811; 'flowc explain FC809'). Inline
        suppressions ('# flowc:disable FC811 -- REASON') and .flowc.yml's 'rules' apply to these codes
        as to the validator's.

        By default every root flow is explored (a flow no other flow runs as a child, with no
        parameter lacking a default); --flow explores one.

        OPTIONS:
          --flow NAME       Explore this root flow only.
        \(ExplorationBoundsOption.help)
          --strict          Exit 1 on warnings too (the validator's and the exploration's): the CI gate.
          --stats           After each root flow's line, one more: the states covered and the reduction
                            factor, the steps run when some were reused (docs/RUNNING.md, "Unread
                            answers"), the store's bytes per state, the frontier's peak and the chance
                            that a fingerprint collision hid a state (docs/RUNNING.md, "How states are
                            kept").
          --format FORMAT   text (default; github when GITHUB_ACTIONS=true), json, sarif, github or gitlab,
                            as 'flowc validate' prints them: text on standard error with a line per root
                            flow on standard output; the others on standard output, the lines on
                            standard error.
        \(ConfigurationOption.help)
          -h, --help        Show this help.

        EXIT CODES: 0 no error (warnings only), 1 a guarantee broken, an error, or the flows have errors (or
        a warning under --strict), 2 usage or I/O errors.
        """

    @MainActor
    static func run(_ arguments: [String]) -> Int32 {
        var bounds = ExplorationBounds()
        var only: String?
        var format = DiagnosticFormat.text
        let validated: ValidatedSources
        switch ValidatedSources.validate(
            arguments, usage: usage,
            valueOptions: ["--config", "--flow", "--format"] + ExplorationBoundsOption.valueOptions,
            flagOptions: ["--strict", "--stats"],
            checkOptions: { options in
                guard !options.positional.isEmpty else {
                    Console.error(
                        "flowc: error: no paths given; name flow files or folders, such as 'flowc check Flows'")
                    return ExitCode.usage
                }
                guard let chosen = ExplorationBoundsOption.bounds(options) else { return ExitCode.usage }
                bounds = chosen
                only = options.value("--flow")
                guard let chosen = DiagnosticFormat.chosen(by: options) else { return ExitCode.usage }
                format = chosen
                return nil
            },
            // The validation's findings are printed with the exploration's, in the chosen format.
            report: { _ in }
        ) {
        case .proceed(let sources): validated = sources
        case .exit(let code): return code
        }
        let result = validated.result
        if result.hasErrors {
            format.print(result.diagnostics, sources: result.sourcesByPath, summary: nil)
            Console.error("flowc: error: the flows have errors; fix them first")
            return ExitCode.findings
        }
        let bundle: FlowBundle
        do {
            bundle = try GraphLowering.lower(result.flows)
        } catch {
            Console.error("flowc: error: \(error)")
            return ExitCode.findings
        }
        let roots = only.map { [$0] } ?? FlowExplorer.rootFlows(of: bundle)
        if let only, bundle.flowIndex(named: only) == nil {
            Console.error("flowc: error: no flow named '\(only)' in the given paths")
            return ExitCode.usage
        }
        var diagnostics: [Diagnostic] = []
        var complete = true
        for flow in roots {
            let report: ExplorationReport
            do {
                report = try FlowExplorer.explore(bundle, flow: flow, bounds: bounds)
            } catch {
                Console.error("flowc: error: flow '\(flow)' cannot be explored: \(error)")
                return ExitCode.usage
            }
            complete = complete && report.isComplete
            let broken = findings(
                of: report, in: result, configuration: validated.configuration?.configuration,
                paths: validated.options.positional)
            let line = report.line(flow: flow, bounds: bounds, reported: broken.reported)
            if format == .text { Console.output(line) } else { Console.error(line) }
            if validated.options.has("--stats") {
                let stats = statistics(of: report)
                if format == .text { Console.output(stats) } else { Console.error(stats) }
            }
            diagnostics += broken.diagnostics
            for warning in report.warnings {
                diagnostics.append(
                    diagnostic(for: warning, root: flow, in: result.flows, paths: validated.options.positional))
            }
        }
        // An unused suppression of a check code is told only when every root was explored completely.
        diagnostics = result.settling(
            diagnostics, reportedBy: .check, configuration: validated.configuration?.configuration,
            judgingUnused: complete && only == nil)
        let all = (result.diagnostics + diagnostics).sortedForOutput()
        format.print(all, sources: result.sourcesByPath, summary: nil)
        let failing: Severity = validated.options.has("--strict") ? .warning : .error
        let fails = all.contains { $0.severity >= failing }
        return fails ? ExitCode.findings : ExitCode.success
    }

    /// The `--stats` line of a root flow's exploration.
    static func statistics(of report: ExplorationReport) -> String {
        "  stats: \(MessageText.counted(report.coveredStates, "state")) covered (reduction factor "
            + String(format: "%.2f", report.reductionFactor) + "), "
            + (report.reusedSteps == 0
                ? "" : "\(report.steps - report.reusedSteps) of \(report.steps) steps run (the rest reused), ")
            + "\(report.storeBytes) bytes stored ("
            + String(format: "%.1f", report.bytesPerState) + " per state; FC809's graph \(report.graphBytes) more), "
            + "frontier peak \(MessageText.counted(report.peakFrontier, "state")), "
            + "fingerprint collision chance at most " + String(format: "%.1e", report.fingerprintCollisionBound)
    }

    /// A finding as a diagnostic at the screen shown before the breaking step (else at the root flow's name),
    /// with the guarantee and the witness script as notes.
    static func diagnostic(for finding: ExplorationFinding, in flows: [FlowDefinition], paths: [String]) -> Diagnostic {
        let root = flows.first { $0.name.value == finding.rootFlow }
        let flow = flows.first { $0.name.value == finding.flow } ?? root
        let screen = flow?.screens.first { $0.name.value == finding.screen }
        let location = screen?.name.location ?? flow?.name.location ?? flows[0].name.location
        let reproduce = reproduction(finding.witness, paths: paths, flow: finding.rootFlow)
        return Diagnostic(
            severity(of: finding.code), code: finding.code,
            "guarantee \(finding.guarantee.rawValue) broken: \(finding.message)",
            at: location,
            notes: [
                DiagnosticNote(finding.guarantee.statement, at: location),
                DiagnosticNote("reproduce with: \(reproduce)", at: location),
            ])
    }

    /// What only exploration proves (FC807–FC811) as a warning where the flows declare what it is about:
    /// the event's name, the handler's outcome key, the child declaration's name or the link's pattern
    /// (else the flow's name), with the witness.
    static func diagnostic(
        for warning: ExplorationWarning, root: String, in flows: [FlowDefinition], paths: [String]
    ) -> Diagnostic {
        func flow(_ name: String) -> FlowDefinition? { flows.first { $0.name.value == name } }
        var location: SourceLocation?
        var owner: FlowDefinition?
        switch warning.subject {
        case .event(let name, let screenName, let eventName):
            owner = flow(name)
            let screen = owner?.screens.first { $0.name.value == screenName }
            location = screen?.events.first { $0.name.value == eventName }?.name.location ?? screen?.name.location
        case .handler(let name, let childName, let outcome):
            owner = flow(name)
            let child = owner?.children.first { $0.name.value == childName }
            location = child?.handlers.first { $0.outcome.value == outcome }?.outcome.location ?? child?.name.location
        case .child(let name, let childName):
            owner = flow(name)
            location = owner?.children.first { $0.name.value == childName }?.name.location
        case .link(let name, let pattern):
            owner = flow(name)
            location = owner?.links.first { $0.pattern.value == pattern }?.pattern.location
        }
        let at = location ?? owner?.name.location ?? flows[0].name.location
        let reproduce = reproduction(warning.witness, paths: paths, flow: root)
        return Diagnostic(
            severity(of: warning.code.code), code: warning.code.code, warning.message, at: at,
            notes: [DiagnosticNote("reproduce with: \(reproduce)", at: at)])
    }

    /// The broken guarantees of one root flow's exploration as diagnostics, and how many of them are reported
    /// once inline suppressions and `.flowc.yml`'s `rules` (`configuration`) apply: what its line counts.
    static func findings(
        of report: ExplorationReport, in result: ValidationResult, configuration: FlowConfiguration?, paths: [String]
    ) -> (diagnostics: [Diagnostic], reported: Int) {
        let found = report.findings.map { diagnostic(for: $0, in: result.flows, paths: paths) }
        let settled = result.settling(found, reportedBy: .check, configuration: configuration, judgingUnused: false)
        return (found, settled.count { diagnostic in found.contains { $0.code == diagnostic.code } })
    }

    /// The severity the registry gives `code` (a guarantee's: error; what only exploration proves: warning).
    static func severity(of code: String) -> Severity { RuleRegistry.rule(code: code)?.severity ?? .error }

    /// A shell command that runs `script` under `flowc run`, one script line per `printf` argument.
    static func reproduction(_ script: [String], paths: [String], flow: String) -> String {
        func quoted(_ text: String) -> String { "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        return "printf '%s\\n' " + script.map(quoted).joined(separator: " ") + " | flowc run "
            + paths.map(quoted).joined(separator: " ") + " --flow " + quoted(flow)
    }
}
