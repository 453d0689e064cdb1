import FlowExplorer
import FlowModel

/// The argument values `flowc diff` tries for a parameter it finds in the old flows, the new ones or both:
/// every value at an edge of any of their constraints, so that every value a constraint admits in one version
/// and refuses in the other is tried (a narrowing is never missed because only the first listed value, or one
/// bound, was tried).
enum ConstraintEdges {
    /// As script text, each once, in this order: for each parameter, the explorer's witnesses
    /// (``ArgumentWitness``: one meeting every constraint, one breaking one), then every listed value, each
    /// bound and the value just past it (`min`, `min - 1`, `max`, `max + 1`), each length bound and one past
    /// it (of the pattern's shortest match when there is a pattern).
    static func texts(for parameters: [ParameterNode]) -> [String] {
        var texts: [String] = []
        func add(_ text: String?) {
            if let text, !texts.contains(text) { texts.append(text) }
        }
        for parameter in parameters {
            add(ArgumentWitness.valid(parameter))
            add(ArgumentWitness.breaking(parameter))
        }
        for parameter in parameters {
            let constraints = parameter.constraints
            for value in constraints.allowedValues ?? [] { add(value.description) }
            switch parameter.type {
            case .int:
                for bound in [constraints.minimum, constraints.maximum].compactMap({ $0 }) {
                    guard bound.isFinite, abs(bound) < 1e15 else { continue }
                    add(String(Int(bound.rounded(.up))))
                    add(String(Int(bound.rounded(.down))))
                    add(String(Int(bound.rounded(.up)) - 1))
                    add(String(Int(bound.rounded(.down)) + 1))
                }
            case .double:
                for bound in [constraints.minimum, constraints.maximum].compactMap({ $0 }) where bound.isFinite {
                    add(String(bound))
                    add(String(bound - 1))
                    add(String(bound + 1))
                }
            case .string:
                // Lengths are bounded by the flows (a length constraint is a small number in a flow file).
                for bound in [constraints.minimumLength, constraints.maximumLength].compactMap({ $0 })
                where bound >= 0 && bound <= 4096 {
                    for length in [bound - 1, bound, bound + 1] where length >= 0 {
                        add(
                            constraints.linearPattern.flatMap {
                                $0.example(minimumLength: length, maximumLength: length)
                            } ?? String(repeating: "a", count: length))
                    }
                }
            case .bool:
                add("true")
                add("false")
            }
        }
        return texts
    }
}
