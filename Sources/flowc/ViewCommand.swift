import FlowCompiler
import FlowExplorer
import FlowView
import FlowcCommandLine
import Foundation

/// `flowc view PATH… [--out FILE] [--open] [--check] [--trace FILE.jsonl] [--editor NAME]`: writes the app as one
/// interactive HTML page.
enum ViewCommand {
    static let usage = """
        USAGE: flowc view PATH… [--out FILE] [--open] [--check [--max-states N] [--max-depth N]]
                              [--trace FILE.jsonl] [--editor vscode|idea|none] [--config FILE]

        Writes flow files (PATH is a file, or a folder searched for *.yaml and *.yml) as one self-contained
        HTML page (inline style, script and pictures; it fetches nothing): the app overview first, each
        flow's screens, events, children, links and tabs on a click, details of each declaration with its
        file:line and an editor link, search, the diagnostics marked on their nodes, and a trace played
        step by step. Flows with errors are shown too; the flows' diagnostics go to standard error as
        'flowc validate' prints them, and onto the page with their notes.

        OPTIONS:
          --out FILE        Write the page here (default flowc-view.html; '-' for standard output).
          --open            Open the page with the platform's opener (xdg-open, or open on macOS); not
                            with --out -.
          --check           Explore the flows as 'flowc check' does: its line per root flow on the page,
                            its findings on their nodes, and each finding's witness played step by step.
        \(ExplorationBoundsOption.help)
                            Both bound --check's exploration, as they bound 'flowc check's.
          --trace FILE      A 'flowc run' trace (JSON lines) to play on the pictures, step by step; its
                            flows and screens must be among those viewed.
          --editor NAME     The editor the file:line links open: vscode (the default), idea (JetBrains)
                            or none (plain text). Without it, the FLOWC_EDITOR environment variable.
        \(ConfigurationOption.help)
          -h, --help        Show this help.

        EXIT CODES: 0 written (even with diagnostics), 1 --check could not lower or explore the flows (no page
        written; why is printed), 2 usage or I/O errors, or no flow to show.
        """

    @MainActor
    static func run(_ arguments: [String]) -> Int32 {
        let validated: ValidatedSources
        var bounds = ExplorationBounds()
        var editor = ViewEditor.vscode
        switch ValidatedSources.validate(
            arguments, usage: usage,
            valueOptions: ["--out", "--trace", "--config", "--editor"] + ExplorationBoundsOption.valueOptions,
            flagOptions: ["--open", "--check"],
            checkOptions: { options in
                guard !options.positional.isEmpty else {
                    Console.error(
                        "flowc: error: no paths given; name flow files or folders, such as 'flowc view Flows'\n\n\(usage)"
                    )
                    return ExitCode.usage
                }
                if options.has("--open"), options.value("--out") == OutputFile.standardOutputPath {
                    Console.error(
                        "flowc: error: --open opens the page written to a file, not to standard output; leave out --open or --out -"
                    )
                    return ExitCode.usage
                }
                if !options.has("--check"),
                    let bound = ExplorationBoundsOption.valueOptions.first(where: { options.value($0) != nil })
                {
                    Console.error(
                        "flowc: error: \(bound) bounds the exploration of --check; add --check or leave it out")
                    return ExitCode.usage
                }
                guard let chosen = ExplorationBoundsOption.bounds(options) else { return ExitCode.usage }
                bounds = chosen
                // Before --check explores: a page that cannot be written fails at once.
                let out = options.value("--out") ?? "flowc-view.html"
                if let reason = OutputFile.problem(writing: out) {
                    Console.error("flowc: error: cannot write '\(out)': \(reason)")
                    return ExitCode.usage
                }
                let environment = ProcessInfo.processInfo.environment["FLOWC_EDITOR"].flatMap { $0.isEmpty ? nil : $0 }
                if let name = options.value("--editor") ?? environment {
                    guard let named = ViewEditor(rawValue: name) else {
                        let given = options.value("--editor") != nil ? "--editor" : "FLOWC_EDITOR"
                        let names = ViewEditor.allCases.map(\.rawValue).joined(separator: ", ")
                        Console.error(
                            "flowc: error: \(given) names no editor flowc knows: '\(name)'; use one of \(names)")
                        return ExitCode.usage
                    }
                    editor = named
                }
                return nil
            }
        ) {
        case .proceed(let sources): validated = sources
        case .exit(let code): return code
        }
        let result = validated.result
        guard !result.flows.isEmpty else {
            Console.error("flowc: error: no flow could be read; fix the errors above")
            return ExitCode.usage
        }
        var page = FlowViewPage(
            flows: result.flows, diagnostics: result.diagnostics, base: FileManager.default.currentDirectoryPath)
        page.editor = editor
        page.sources = result.sourcesByPath
        if let trace = validated.options.value("--trace") {
            switch FlowViewPage.Play.trace(at: trace, flows: result.flows) {
            case .success(let play): page.plays.append(play)
            case .failure(let problem):
                Console.error("flowc: error: \(problem.text)")
                return ExitCode.usage
            }
        }
        if validated.options.has("--check") {
            if result.hasErrors {
                Console.error("flowc: note: the flows have errors, so --check explored nothing; fix them first")
                // The page says so too, where the exploration's lines would be: nothing dropped silently.
                page.coverage.append("nothing explored: the flows have errors; fix them first")
            } else if !ViewEvidence.check(
                result, paths: validated.options.positional, configuration: validated.configuration?.configuration,
                bounds: bounds, into: &page)
            {
                return ExitCode.findings
            }
        }
        let out = validated.options.value("--out") ?? "flowc-view.html"
        if let reason = OutputFile.write(Array(page.html().utf8), to: out) {
            Console.error("flowc: error: cannot write '\(out)': \(reason)")
            return ExitCode.usage
        }
        guard out != OutputFile.standardOutputPath else { return ExitCode.success }
        Console.error("flowc: wrote \(out)")
        if validated.options.has("--open") {
            #if os(macOS)
            let opener = "/usr/bin/open"
            #else
            let opener = "/usr/bin/xdg-open"
            #endif
            let process = Process()
            process.executableURL = URL(fileURLWithPath: opener)
            process.arguments = [out]
            do { try process.run() } catch {
                Console.error("flowc: error: cannot open '\(out)' with \(opener): \(error.localizedDescription)")
                return ExitCode.usage
            }
        }
        return ExitCode.success
    }
}
