import Foundation

/// Document synchronisation (LSP 3.17, "Text Document Synchronization"): open, incremental change,
/// close and save. Each only updates the workspace's texts; the check that follows runs once every
/// message that arrived has been applied (``LanguageServer/checkIfNeeded()``).
extension LanguageServer {
    func didOpen(_ params: JSONValue) {
        let document = params["textDocument"]
        guard let uri = document["uri"].string, let path = DocumentURI.path(uri), let text = document["text"].string
        else {
            log("didOpen without a file: URI and text; ignored", type: 2)
            return
        }
        workspace.open(uri: uri, path: path, version: document["version"].integer ?? 0, bytes: Array(text.utf8))
        touched.insert(path)
    }

    func didChange(_ params: JSONValue) {
        let document = params["textDocument"]
        guard let uri = document["uri"].string, let path = DocumentURI.path(uri),
            var bytes = workspace.buffers[path]?.bytes
        else {
            log("didChange for a document that is not open; ignored", type: 2)
            return
        }
        for change in params["contentChanges"].array ?? [] {
            guard let text = change["text"].string else { continue }
            if change["range"].isNull {
                bytes = Array(text.utf8)
            } else if let range = TextRange(change["range"]) {
                let table = LineTable(bytes)
                let start = table.offset(of: range.start, in: encoding)
                let end = max(start, table.offset(of: range.end, in: encoding))
                bytes.replaceSubrange(start..<end, with: Array(text.utf8))
            } else {
                log("didChange with a malformed range; the change is ignored", type: 2)
            }
        }
        workspace.replace(path: path, version: document["version"].integer ?? 0, bytes: bytes)
        touched.insert(path)
    }

    func didClose(_ params: JSONValue) {
        guard let uri = params["textDocument"]["uri"].string, let path = DocumentURI.path(uri) else { return }
        workspace.close(path: path)
        touched.insert(path)
    }

    /// A save may add a file to the set on disk, or change `.flowc.yml`: the disk is listed again.
    func didSave(_ params: JSONValue) {
        guard let uri = params["textDocument"]["uri"].string, let path = DocumentURI.path(uri) else { return }
        workspace.rescan()
        touched.insert(path)
    }
}
