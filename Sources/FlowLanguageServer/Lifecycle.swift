import Foundation

extension LanguageServer {
    /// The command `workspace/executeCommand` runs: the graph of the flow at a position.
    static let graphCommand = "flowc.graph"

    /// `initialize`: reads the client's capabilities and workspace folder, chooses the position
    /// encoding, and answers with the server's capabilities (LSP 3.17, "Server lifecycle").
    func initialize(_ params: JSONValue) throws(ResponseError) -> JSONValue {
        guard params.object != nil else { throw ResponseError(.invalidParams, "initialize needs its parameters") }
        clientCapabilities = params["capabilities"]
        encoding = PositionEncoding.chosen(from: clientCapabilities["general"]["positionEncodings"])
        let root =
            params["workspaceFolders"].array?.first?["uri"].string.flatMap(DocumentURI.path)
            ?? params["rootUri"].string.flatMap(DocumentURI.path) ?? params["rootPath"].string
        workspace = Workspace(root: root)
        phase = .running
        return [
            "capabilities": [
                "positionEncoding": .string(encoding.rawValue),
                "textDocumentSync": ["openClose": true, "change": 2, "save": ["includeText": false]],
                "definitionProvider": true,
                "referencesProvider": true,
                "renameProvider": ["prepareProvider": true],
                "completionProvider": ["triggerCharacters": [" ", "$", ":"], "resolveProvider": false],
                "hoverProvider": true,
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
                "documentSymbolProvider": true,
                "workspaceSymbolProvider": true,
                "executeCommandProvider": ["commands": [.string(Self.graphCommand)]],
            ],
            "serverInfo": ["name": "flowc", "version": "0.1.0"],
        ]
    }

    /// The id of the server's `client/registerCapability` request for file watchers.
    static let watcherRegistrationID = "flowc-watch-files"

    /// After `initialized`: when the client can register file watchers dynamically, asks it to report
    /// changes to flow files and `.flowc.yml` (`client/registerCapability` with
    /// `workspace/didChangeWatchedFiles`), as yaml-language-server and sourcekit-lsp do. Without it,
    /// a closed file's change on disk is still seen at the next check (``Workspace/closedFilesChanged()``).
    func registerFileWatchers() {
        guard clientCapabilities["workspace"]["didChangeWatchedFiles"]["dynamicRegistration"] == .bool(true) else {
            return
        }
        send([
            "jsonrpc": "2.0", "id": .string(Self.watcherRegistrationID), "method": "client/registerCapability",
            "params": [
                "registrations": [
                    [
                        "id": .string(Self.watcherRegistrationID), "method": "workspace/didChangeWatchedFiles",
                        "registerOptions": [
                            "watchers": [
                                ["globPattern": "**/*.{yaml,yml}"], ["globPattern": "**/.flowc.yml"],
                            ]
                        ],
                    ]
                ]
            ],
        ])
    }

    /// The path of `params.textDocument.uri`, a `file:` URI.
    func documentPath(_ params: JSONValue) throws(ResponseError) -> String {
        guard let uri = params["textDocument"]["uri"].string else {
            throw ResponseError(.invalidParams, "textDocument.uri is missing")
        }
        guard let path = DocumentURI.path(uri) else {
            throw ResponseError(.invalidParams, "'\(uri)' is not a file: URI")
        }
        return path
    }

    /// The document and byte offset of `params` (a `TextDocumentPositionParams`), in the current analysis.
    func documentPosition(_ params: JSONValue) throws(ResponseError) -> (
        path: String, offset: Int, analysis: WorkspaceAnalysis
    ) {
        let path = try documentPath(params)
        guard let position = Position(params["position"]) else {
            throw ResponseError(.invalidParams, "position is missing or not a position")
        }
        let analysis = currentAnalysis()
        let table = analysis.lines[path] ?? LineTable(workspace.buffers[path]?.bytes ?? [])
        return (path, table.offset(of: position, in: encoding), analysis)
    }

    /// An LSP `Location` for `range` of `path`.
    func location(_ path: String, _ range: Range<Int>, in analysis: WorkspaceAnalysis) -> JSONValue {
        let table = analysis.lines[path] ?? LineTable([])
        return ["uri": .string(workspace.uri(of: path)), "range": table.range(of: range, in: encoding).json]
    }
}
