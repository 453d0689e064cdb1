import FlowCompiler
import FlowcCommandLine
import Foundation

/// `flowc graph PATH… [--flow NAME] [--format mermaid|dot]`: draws flows as a diagram.
enum GraphCommand {
    static let usage = """
        USAGE: flowc graph PATH… [--flow NAME | --overview] [--format mermaid|dot] [--config FILE]

        Draws flow files (PATH is a file, or a folder searched for *.yaml and *.yml) as one diagram on
        standard output: each flow a cluster, screens and child flows as nodes, events as labelled edges,
        each child flow's outcomes back to the parent's handler, deep links as entry points. What a
        diagnostic points at is marked in red with its code; flows with errors are drawn too, and their
        diagnostics go to standard error. The same flows always give the same text.

        OPTIONS:
          --flow NAME       Draw only flow NAME and the flows it runs as children.
          --overview        Draw the app overview instead: one node per flow, an edge to each child flow
                            by how it is shown (push, sheet, cover, tab) and one back by its outcomes.
          --format FORMAT   mermaid (default; a Mermaid flowchart, for Markdown) or dot (Graphviz:
                            'flowc graph Flows --format dot | dot -Tsvg > flows.svg').
        \(ConfigurationOption.help)
          -h, --help        Show this help.

        EXIT CODES: 0 drawn (even with diagnostics), 2 usage or I/O errors, or no flow to draw.
        """

    static func run(_ arguments: [String]) -> Int32 {
        var format = "mermaid"
        let validated: ValidatedSources
        switch ValidatedSources.validate(
            arguments, usage: usage, valueOptions: ["--flow", "--format", "--config"], flagOptions: ["--overview"],
            checkOptions: { options in
                if let chosen = options.value("--format") { format = chosen }
                guard format == "mermaid" || format == "dot" else {
                    Console.error("flowc: error: unknown graph format '\(format)'; expected mermaid or dot")
                    return ExitCode.usage
                }
                if options.has("--overview"), options.value("--flow") != nil {
                    Console.error("flowc: error: --overview draws every flow; leave out --flow")
                    return ExitCode.usage
                }
                guard !options.positional.isEmpty else {
                    Console.error(
                        "flowc: error: no paths given; name flow files or folders, such as 'flowc graph Flows'\n\n\(usage)"
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
        let flow = validated.options.value("--flow")
        if validated.options.has("--overview") {
            guard !result.flows.isEmpty else {
                Console.error("flowc: error: no flow could be read; fix the errors above")
                return ExitCode.usage
            }
            let overview = FlowDiagram.overview(flows: result.flows, diagnostics: result.diagnostics)
            Console.output(
                format == "dot" ? DOTDiagramRenderer.render(overview) : MermaidDiagramRenderer.render(overview),
                terminator: "")
            return ExitCode.success
        }
        guard let diagram = FlowDiagram.build(flows: result.flows, diagnostics: result.diagnostics, root: flow) else {
            let names = result.flows.map(\.name.value)
            Console.error("flowc: error: no flow '\(flow ?? "")'; the flows are: \(names.joined(separator: ", "))")
            return ExitCode.usage
        }
        guard !diagram.clusters.isEmpty else {
            Console.error("flowc: error: no flow could be read; fix the errors above")
            return ExitCode.usage
        }
        Console.output(
            format == "dot" ? DOTDiagramRenderer.render(diagram) : MermaidDiagramRenderer.render(diagram),
            terminator: "")
        return ExitCode.success
    }
}
