import FlowCompiler
import FlowView
import FlowcCommandLine
import Foundation

/// `flowc view PATH… [--out FILE] [--open] [--trace FILE.jsonl]`: writes the app as one interactive HTML page.
enum ViewCommand {
    static let usage = """
        USAGE: flowc view PATH… [--out FILE] [--open] [--check] [--trace FILE.jsonl] [--config FILE]

        Writes flow files (PATH is a file, or a folder searched for *.yaml and *.yml) as one self-contained
        HTML page (inline style, script and pictures; it fetches nothing): the app overview first, each
        flow's screens, events, children, links and tabs on a click, details of each declaration with its
        file:line and an editor link, search, the diagnostics marked on their nodes, and a trace played
        step by step. Flows with errors are shown too; their diagnostics go to standard error.

        OPTIONS:
          --out FILE        Write the page here (default flowc-view.html; '-' for standard output).
          --open            Open the page with the platform's opener (xdg-open, or open on macOS).
          --check           Explore the flows as 'flowc check' does: its line per root flow on the page,
                            its findings on their nodes, and each finding's witness played step by step.
          --trace FILE      A 'flowc run' trace (JSON lines) to play on the pictures, step by step.
        \(ConfigurationOption.help)
          -h, --help        Show this help.

        EXIT CODES: 0 written (even with diagnostics), 2 usage or I/O errors, or no flow to show.
        """

    @MainActor
    static func run(_ arguments: [String]) -> Int32 {
        let validated: ValidatedSources
        switch ValidatedSources.validate(
            arguments, usage: usage, valueOptions: ["--out", "--trace", "--config"],
            flagOptions: ["--open", "--check"],
            checkOptions: { options in
                guard !options.positional.isEmpty else {
                    Console.error(
                        "flowc: error: no paths given; name flow files or folders, such as 'flowc view Flows'\n\n\(usage)"
                    )
                    return ExitCode.usage
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
        if let trace = validated.options.value("--trace") {
            switch FlowViewPage.Play.trace(at: trace) {
            case .success(let play): page.plays.append(play)
            case .failure(let problem):
                Console.error("flowc: error: \(problem.text)")
                return ExitCode.usage
            }
        }
        if validated.options.has("--check") {
            if result.hasErrors {
                Console.error("flowc: note: the flows have errors, so --check explored nothing; fix them first")
            } else if !ViewEvidence.check(
                result, paths: validated.options.positional, configuration: validated.configuration?.configuration,
                into: &page)
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
