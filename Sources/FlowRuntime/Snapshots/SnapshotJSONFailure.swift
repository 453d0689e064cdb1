import Foundation

/// Why the JSON of a `restore JSON` script line is not a ``FlowSnapshot``, located by its JSON path
/// (`instances[0].routes[1]`), so a hand-written snapshot can be fixed without guessing.
enum SnapshotJSONFailure {
    /// The reason for `error`, thrown by `JSONDecoder` decoding `json` as a snapshot: "it is not JSON
    /// (Invalid value around character 1.)", "at instances[0]: missing key 'arguments'", "at
    /// instances[0].flow: expected a string, found a number".
    static func reason(for error: any Error, json: String) -> String {
        guard let error = error as? DecodingError else { return "the JSON does not decode as a snapshot" }
        switch error {
        case .keyNotFound(let key, let context):
            return "\(location(context.codingPath)): missing key '\(key.stringValue)'"
        case .typeMismatch(let type, let context):
            return "\(location(context.codingPath)): \(mismatch(expected: type, context: context))"
        case .valueNotFound(let type, let context):
            return "\(location(context.codingPath)): expected \(kind(of: type)), found null"
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty {
                return notJSON(json) ?? "it is not a snapshot: \(context.debugDescription)"
            }
            return "\(location(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return "the JSON does not decode as a snapshot"
        }
    }

    /// `at instances[0].routes[1]`, or `at the top level` for the whole document.
    private static func location(_ path: [any CodingKey]) -> String {
        let text = self.path(path)
        return text.isEmpty ? "at the top level" : "at \(text)"
    }

    /// `instances[0].routes[1].arguments.bookID`, as ``SnapshotJSONReader`` writes locations; empty for the
    /// whole document.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    /// "expected a list, found an object": the JSON kinds, from the decoder's description of what it found.
    private static func mismatch(expected type: Any.Type, context: DecodingError.Context) -> String {
        let described = context.debugDescription
        guard let range = described.range(of: "but found ") else { return "expected \(kind(of: type))" }
        var found = described[range.upperBound...]
        if found.hasSuffix(" instead.") { found = found.dropLast(" instead.".count) }
        for article in ["a ", "an "] where found.hasPrefix(article) { found = found.dropFirst(article.count) }
        let names = [
            "array": "a list", "dictionary": "an object", "string": "a string", "number": "a number",
            "bool": "true or false", "null": "null",
        ]
        return "expected \(kind(of: type)), found \(names[String(found)] ?? String(found))"
    }

    /// A JSON name for the Swift type the decoder wanted.
    private static func kind(of type: Any.Type) -> String {
        let name = String(describing: type)
        if name.hasPrefix("Array") { return "a list" }
        if name.hasPrefix("Dictionary") { return "an object" }
        switch name {
        case "String": return "a string"
        case "Int", "Double": return "a number"
        case "Bool": return "true or false"
        default: return "a value of type \(name)"
        }
    }

    /// Foundation's description of why `json` is not JSON at all ("Invalid value around character 3."), or
    /// nil when it parses.
    private static func notJSON(_ json: String) -> String? {
        do {
            _ = try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
            return nil
        } catch {
            let detail = (error as NSError).userInfo[NSDebugDescriptionErrorKey] as? String
            return "it is not JSON" + (detail.map { " (\($0))" } ?? "")
        }
    }
}
