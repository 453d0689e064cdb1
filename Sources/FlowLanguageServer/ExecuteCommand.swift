import FlowCompiler
import Foundation

/// `workspace/executeCommand` with `flowc.graph` (LSP 3.17): the picture `flowc graph --flow NAME`
/// draws for the flow at a position, as `{ "format": F, "flow": NAME, "text": … }`.
///
/// Arguments: one object `{ "uri": URI, "position": Position?, "format": "dot" | "mermaid" | "svg" }`
/// or the same three positionally. The flow is the file's, or the child flow a position on a child
/// declaration, a `flow:` value or a use of a child names. SVG is DOT run through Graphviz's `dot
/// -Tsvg` (found on `PATH`); without it the request fails with a reason.
extension LanguageServer {
    func executeCommand(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        guard params["command"].string == Self.graphCommand else {
            throw ResponseError(
                .invalidParams,
                "unknown command '\(params["command"].string ?? "")'; the server has \(Self.graphCommand)")
        }
        let arguments = params["arguments"].array ?? []
        let first = arguments.first ?? .null
        let uri = first["uri"].string ?? first.string
        let position = first.object != nil ? first["position"] : (arguments.count > 1 ? arguments[1] : .null)
        let format =
            (first.object != nil ? first["format"] : (arguments.count > 2 ? arguments[2] : .null)).string ?? "dot"
        guard let uri, let path = DocumentURI.path(uri) else {
            throw ResponseError(.invalidParams, "\(Self.graphCommand) takes a file: URI as its first argument")
        }
        guard ["dot", "mermaid", "svg"].contains(format) else {
            throw ResponseError(.invalidParams, "unknown graph format '\(format)'; expected dot, mermaid or svg")
        }
        let analysis = currentAnalysis()
        guard var flowName = analysis.flowsByPath[path]?.name.value else {
            throw ResponseError(.requestFailed, "no flow could be read from \(path); fix its errors first")
        }
        if let position = Position(position), let table = analysis.lines[path],
            let occurrence = analysis.index.occurrence(at: table.offset(of: position, in: encoding), in: path)
        {
            switch occurrence.key {
            case .flow(let name) where analysis.index.flowsByName[name] != nil: flowName = name
            case .child(let parent, let name):
                if let child = analysis.index.flowsByName[parent]?.child(named: name),
                    analysis.index.flowsByName[child.flow.value] != nil
                {
                    flowName = child.flow.value
                }
            default: break
            }
        }
        guard
            let diagram = FlowDiagram.build(
                flows: analysis.result.flows, diagnostics: analysis.result.diagnostics, root: flowName)
        else { throw ResponseError(.requestFailed, "no flow '\(flowName)'") }
        let text: String
        switch format {
        case "mermaid": text = MermaidDiagramRenderer.render(diagram)
        case "svg": text = try Self.svg(DOTDiagramRenderer.render(diagram))
        default: text = DOTDiagramRenderer.render(diagram)
        }
        return ["format": .string(format), "flow": .string(flowName), "text": .string(text)]
    }

    /// `dot` run as `dot -Tsvg` over `source`.
    static func svg(_ source: String) throws(ResponseError) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["dot", "-Tsvg"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw ResponseError(.requestFailed, "cannot run Graphviz's dot: \(error)")
        }
        let writer = input.fileHandleForWriting
        let bytes = Data(source.utf8)
        let thread = Thread {
            writer.write(bytes)
            try? writer.close()
        }
        thread.start()
        let svg = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ResponseError(
                .requestFailed,
                "Graphviz's dot failed (exit \(process.terminationStatus)); is it installed (apt graphviz)?")
        }
        return String(decoding: svg, as: UTF8.self)
    }
}
