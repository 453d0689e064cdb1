import FlowModel

/// One set of named values a `$name` argument may resolve against.
enum ArgumentFrame {
    /// Values aligned with the parameters that received them: an event's, a route's or a flow instance's.
    case bound(parameters: [ParameterNode], values: [Value])
    /// Values by name: a deep link's placeholders.
    case named([String: Value])

    /// The value named `name`, if the frame has one. Of two parameters with one name the last wins,
    /// as it did when frames were dictionaries filled in parameter order.
    func value(named name: String) -> Value? {
        switch self {
        case .bound(let parameters, let values):
            return parameters.lastIndex(named: name).map { values[$0] }
        case .named(let values):
            return values[name]
        }
    }
}

// Speed: PERFORMANCE.md, "Shapes kept for speed".
/// Where `$name` arguments resolve at run time: up to three frames, searched in order, first match
/// wins (see docs/RUNNING.md, "Arguments").
struct ArgumentScope {
    var first: ArgumentFrame?
    var second: ArgumentFrame?
    var third: ArgumentFrame?

    init(_ first: ArgumentFrame?, _ second: ArgumentFrame? = nil, _ third: ArgumentFrame? = nil) {
        self.first = first
        self.second = second
        self.third = third
    }

    /// The value of `$name`: from the first frame that has it.
    func value(named name: String) -> Value? {
        if let value = first?.value(named: name) { return value }
        if let value = second?.value(named: name) { return value }
        return third?.value(named: name)
    }
}
