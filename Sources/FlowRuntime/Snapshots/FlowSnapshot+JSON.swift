import Foundation

extension FlowSnapshot {
    /// Reads a snapshot from its JSON text (as `JSONEncoder` writes it, or by hand), strictly: besides what
    /// `JSONDecoder` refuses, a key given twice in one object, a key a snapshot does not have, a whole
    /// number too large for `int`, and an argument written with leading zeros (`007`) or too large for
    /// `double` (`1e400`) are refused, so what is restored is exactly what the text says. An argument written
    /// with a fraction or an exponent (`7.0`, `7e0`) is a `double`, which an `int` parameter refuses, as
    /// for events and links.
    /// Linear in the text; nothing recurses to its depth (nesting past 512 levels is refused:
    /// `at instances[0].arguments.a[0]…: the snapshot nests objects and lists more than 512 levels deep`).
    /// - Throws: ``FlowRuntimeError/invalidSnapshot(_:)`` saying what is wrong and where, as a JSON path:
    ///   `at instances[0]: key 'routes' is given twice; each key is written once`, `at instances[0]:
    ///   unknown key 'rotues'; an instance has child, flow, …`, `at instances[0].routes[1].arguments.orderID:
    ///   99999999999999999999 is out of range for int (…)`, `at instances[0]: missing key 'routes'`, or
    ///   `it is not JSON (…)`.
    public init(json: String) throws(FlowRuntimeError) {
        var doubles: Set<String> = []
        if let problem = SnapshotJSONReader.problem(in: json, doubles: &doubles) { throw .invalidSnapshot(problem) }
        do {
            let decoder = JSONDecoder()
            if !doubles.isEmpty { decoder.userInfo[JSONArgument.writtenAsDouble] = doubles }
            self = try decoder.decode(FlowSnapshot.self, from: Data(json.utf8))
        } catch {
            throw .invalidSnapshot(SnapshotJSONFailure.reason(for: error, json: json))
        }
    }
}
