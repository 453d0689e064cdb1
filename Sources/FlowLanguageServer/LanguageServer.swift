import FlowCompiler
import Foundation

/// The language server's state and its dispatch (LSP 3.17): one object, driven by one thread.
///
/// Messages come in through ``receive(_:)``; answers, notifications and diagnostics go out through the
/// `send` closure given at creation, one JSON value each (``ServerLoop`` frames and writes them).
/// Requests that read the analysis validate first when a text changed; otherwise validation waits for
/// ``checkIfNeeded()``, which the loop calls once it has applied every message that arrived (so
/// changes that arrive while a check runs are coalesced: the newest text is checked next, with no
/// fixed delay).
///
/// Lifecycle: before `initialize`, requests are answered with ServerNotInitialized (-32002) and
/// notifications dropped (`exit` aside); after `shutdown`, requests are answered with InvalidRequest;
/// `exit` ends the server (exit code 0 after `shutdown`, else 1). Unknown requests get MethodNotFound
/// (-32601); a request cancelled (`$/cancelRequest`) before it is handled gets RequestCancelled (-32800).
package final class LanguageServer {
    enum Phase {
        case waitingForInitialize, running, shutDown
    }

    /// What a request handler returns, or the error it answers with.
    typealias RequestHandler = (LanguageServer, JSONValue) throws(ResponseError) -> JSONValue

    let send: (JSONValue) -> Void
    var phase = Phase.waitingForInitialize
    var encoding = PositionEncoding.utf16
    var clientCapabilities: JSONValue = .null
    var workspace = Workspace(root: nil)
    var analysis: WorkspaceAnalysis?
    /// The URIs whose last published diagnostics were not empty, with the generation they were for.
    var published: [String: Int] = [:]
    /// The paths whose diagnostics must be sent at the next check (opened, changed, closed, saved).
    var touched: Set<String> = []
    let explanations: RuleExplanationFiles
    private var cancelled: Set<RequestID> = []

    /// The exit code once `exit` arrived; the loop stops then.
    package private(set) var exitCode: Int32?

    /// - Parameter explanationFolder: where the rules' explanations are written for diagnostics' links
    ///   (``RuleExplanationFiles``); nil for no links.
    package init(
        explanationFolder: String? = LanguageServer.defaultExplanationFolder(), send: @escaping (JSONValue) -> Void
    ) {
        self.send = send
        explanations = RuleExplanationFiles(folder: explanationFolder)
    }

    /// Where the rules' explanations are written for diagnostics' links: `$XDG_CACHE_HOME/flowc/explain`
    /// (`~/.cache/flowc/explain` without it).
    package static func defaultExplanationFolder() -> String? { RuleExplanationFiles.defaultFolder() }

    /// Handles one frame from the reader: a message body is decoded and handled; a skipped frame is logged.
    package func receive(_ frame: MessageFraming.Frame) { receive(ReceivedMessage(frame)) }

    /// Handles one decoded frame.
    package func receive(_ received: ReceivedMessage) {
        switch received {
        case .skipped(let reason): log("skipped \(reason)", type: 2)
        case .undecodable(let error): respond(nil, error: error)
        case .message(let message): handle(message)
        }
    }

    /// Marks requests as cancelled before they are handled (`$/cancelRequest` ahead of its request in
    /// the same batch). A request already answered is not affected.
    package func cancel(_ ids: some Sequence<RequestID>) { cancelled.formUnion(ids) }

    /// Handles one message.
    package func handle(_ message: JSONRPCMessage) {
        switch message {
        case .response:
            break
        case .invalid(let id, let error):
            respond(id, error: error)
        case .notification(let method, let params):
            handleNotification(method, params)
        case .request(let id, let method, let params):
            if cancelled.remove(id) != nil {
                respond(id, error: ResponseError(.requestCancelled, "request cancelled"))
                return
            }
            handleRequest(id, method, params)
        }
    }

    private func handleRequest(_ id: RequestID, _ method: String, _ params: JSONValue) {
        switch phase {
        case .waitingForInitialize where method != "initialize":
            respond(id, error: ResponseError(.serverNotInitialized, "the server is not initialized"))
            return
        case .running where method == "initialize":
            respond(id, error: ResponseError(.invalidRequest, "the server is initialized already"))
            return
        case .shutDown:
            respond(id, error: ResponseError(.invalidRequest, "the server is shut down; send 'exit'"))
            return
        default: break
        }
        guard let handler = Self.handler(for: method) else {
            respond(id, error: ResponseError(.methodNotFound, "no method '\(method)'"))
            return
        }
        do {
            respond(id, result: try handler(self, params))
        } catch {
            respond(id, error: error)
        }
    }

    private func handleNotification(_ method: String, _ params: JSONValue) {
        if method == "exit" {
            exitCode = phase == .shutDown ? 0 : 1
            return
        }
        guard phase == .running else { return }
        switch method {
        case "textDocument/didOpen": didOpen(params)
        case "textDocument/didChange": didChange(params)
        case "textDocument/didClose": didClose(params)
        case "textDocument/didSave": didSave(params)
        case "initialized": registerFileWatchers()
        case "workspace/didChangeWatchedFiles":
            workspace.rescan()
            touched.formUnion(workspace.buffers.keys)
        case "$/cancelRequest":
            // Reached only when the request was answered already (the loop cancels ahead): nothing to do.
            break
        default:
            // `$/setTrace`, `workspace/didChangeConfiguration` and other notifications
            // need nothing from this server (LSP: a notification the server does not know is ignored).
            break
        }
    }

    /// The handler of request `method`, or nil when the server has none.
    static func handler(for method: String) -> RequestHandler? {
        switch method {
        case "initialize": { server, params throws(ResponseError) in try server.initialize(params) }
        case "shutdown":
            { server, _ in
                server.phase = .shutDown
                return .null
            }
        case "textDocument/definition": { server, params throws(ResponseError) in try server.definition(params) }
        case "textDocument/references": { server, params throws(ResponseError) in try server.references(params) }
        case "textDocument/prepareRename": { server, params throws(ResponseError) in try server.prepareRename(params) }
        case "textDocument/rename": { server, params throws(ResponseError) in try server.rename(params) }
        case "textDocument/completion": { server, params throws(ResponseError) in try server.completion(params) }
        case "textDocument/hover": { server, params throws(ResponseError) in try server.hover(params) }
        case "textDocument/codeAction": { server, params throws(ResponseError) in try server.codeActions(params) }
        case "textDocument/documentSymbol":
            { server, params throws(ResponseError) in try server.documentSymbols(params) }
        case "workspace/symbol": { server, params throws(ResponseError) in try server.workspaceSymbols(params) }
        case "workspace/executeCommand": { server, params throws(ResponseError) in try server.executeCommand(params) }
        default: nil
        }
    }

    // MARK: Sending

    func respond(_ id: RequestID?, result: JSONValue) {
        send(["jsonrpc": "2.0", "id": id?.json ?? .null, "result": result])
    }

    func respond(_ id: RequestID?, error: ResponseError) {
        send(["jsonrpc": "2.0", "id": id?.json ?? .null, "error": error.json])
    }

    func notify(_ method: String, _ params: JSONValue) {
        send(["jsonrpc": "2.0", "method": .string(method), "params": params])
    }

    /// `window/logMessage` (type 1 error, 2 warning, 3 info, 4 log).
    func log(_ message: String, type: Int = 4) {
        notify("window/logMessage", ["type": .integer(type), "message": .string("flowc: \(message)")])
    }

    // MARK: Analysis

    /// The analysis of the current texts, validating them first when one changed since the last.
    func currentAnalysis() -> WorkspaceAnalysis {
        if let analysis, analysis.generation == workspace.generation, !workspace.closedFilesChanged() {
            return analysis
        }
        let sources = workspace.sources()
        for problem in workspace.problems { log(problem, type: 2) }
        let fresh = WorkspaceAnalysis(
            generation: workspace.generation, sources: sources, configuration: workspace.configuration,
            cache: workspace.cache, previous: analysis)
        analysis = fresh
        publishDiagnostics(fresh)
        return fresh
    }

    /// Validates and publishes diagnostics when a text changed since the last check (an open document's,
    /// or a closed file's on disk).
    package func checkIfNeeded() {
        guard phase == .running else { return }
        if workspace.closedFilesChanged() { touched.formUnion(workspace.buffers.keys) }
        if analysis?.generation != workspace.generation || !touched.isEmpty { _ = currentAnalysis() }
        if let analysis, !touched.isEmpty { publishDiagnostics(analysis) }
    }

    /// Publishes the diagnostics of every open document whose diagnostics may differ from what was
    /// last sent, and an empty list for documents closed since.
    private func publishDiagnostics(_ analysis: WorkspaceAnalysis) {
        let conversion = DiagnosticConversion(
            analysis: analysis, encoding: encoding, workspace: workspace, explanations: explanations)
        var byPath: [String: [JSONValue]] = [:]
        for diagnostic in analysis.result.diagnostics where workspace.buffers[diagnostic.location.file] != nil {
            byPath[diagnostic.location.file, default: []].append(conversion.convert(diagnostic))
        }
        var next: [String: Int] = [:]
        for (path, buffer) in workspace.buffers.sorted(by: { $0.key < $1.key }) {
            let diagnostics = byPath[path] ?? []
            let wasEmpty = published[buffer.uri] == nil
            if !diagnostics.isEmpty { next[buffer.uri] = analysis.generation }
            guard !diagnostics.isEmpty || !wasEmpty || touched.contains(path) else { continue }
            notify(
                "textDocument/publishDiagnostics",
                ["uri": .string(buffer.uri), "version": .integer(buffer.version), "diagnostics": .array(diagnostics)])
        }
        for uri in published.keys where next[uri] == nil && !workspace.buffers.values.contains(where: { $0.uri == uri })
        {
            notify("textDocument/publishDiagnostics", ["uri": .string(uri), "diagnostics": []])
        }
        published = next
        touched = []
    }
}
