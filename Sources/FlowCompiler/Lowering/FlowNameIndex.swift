import FlowDefinitions
import FlowModel

/// The names one flow declares, each mapped to its first position in the definition, so lowering
/// resolves a name in constant time instead of scanning a list (which made `compile` quadratic in
/// the number of screens).
struct FlowNameIndex {
    /// Screen name → index into `FlowDefinition.screens`.
    var screens: [String: Int] = [:]
    /// Child declaration name → index into `FlowDefinition.children`.
    var children: [String: Int] = [:]
    /// Outcome → index into `FlowDefinition.outcomes`.
    var outcomes: [String: Int] = [:]
    /// Condition → index into `FlowDefinition.conditions`.
    var conditions: [String: Int] = [:]
    /// Flow parameter name → index into `FlowDefinition.parameters`.
    var parameters: [String: Int] = [:]
    /// For each screen (same order as `FlowDefinition.screens`): parameter name → index into its parameters.
    var screenParameters: [[String: Int]] = []

    init(_ flow: FlowDefinition) {
        screens = Self.firstPositions(flow.screens.map(\.name.value))
        children = Self.firstPositions(flow.children.map(\.name.value))
        outcomes = Self.firstPositions(flow.outcomes.map(\.value))
        conditions = Self.firstPositions(flow.conditions.map(\.value))
        parameters = Self.firstPositions(flow.parameters.map(\.name.value))
        screenParameters = flow.screens.map { Self.firstPositions($0.parameters.map(\.name.value)) }
    }

    /// Each name mapped to the position of its first occurrence.
    static func firstPositions(_ names: [String]) -> [String: Int] {
        var positions: [String: Int] = [:]
        positions.reserveCapacity(names.count)
        for (position, name) in names.enumerated() where positions[name] == nil { positions[name] = position }
        return positions
    }
}
