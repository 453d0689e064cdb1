import FlowModel

/// One stack of a run of the instance chain, as the state describes it: where it begins, what it is, which
/// routes are its own and which tab set it shows. ``FlowCoordinator/stacks`` and ``TreeObjects`` both derive
/// the tree from these, so there is one reading of the chain.
struct StackShape {
    /// The chain position of the instance whose routes begin the stack.
    var begin: Int
    /// That instance's id: the stack's id.
    var id: FlowInstanceID
    var kind: FlowStack.Kind
    /// The indices of its routes in the path the shapes were read from.
    var routes: Range<Int>
    /// The chain position of the tab flow instance shown as the stack's content (it has no routes), if any.
    var tabSet: Int?

    /// The stacks of a run of the chain (`records`, at chain positions from `base` on) and of `path`, their
    /// routes, bottom to top; stacks without routes (a tab flow's) included. Each stack is a run of the chain,
    /// and routes are in chain order, so one pass over each finds them.
    /// - Parameters:
    ///   - parentFlow: the flow of the instance at `base - 1` (for a kept tab's chain: its tab flow's).
    ///   - tabSet: the id of that instance, when it is a tab flow.
    static func shapes(
        of records: some RandomAccessCollection<InstanceRecord>, at base: Int,
        path: some RandomAccessCollection<Route>, bundle: FlowBundle, parentFlow: Int?,
        tabSet: FlowInstanceID? = nil
    ) -> [StackShape] {
        var shapes: [StackShape] = []
        var previous: InstanceRecord?
        var depth = base
        for record in records {
            if record.stackDepth == depth || shapes.isEmpty {
                shapes.append(
                    StackShape(
                        begin: depth, id: record.id,
                        kind: kind(
                            of: record, at: depth, parent: previous, parentFlow: parentFlow,
                            tabSet: tabSet, bundle: bundle),
                        routes: 0..<0, tabSet: nil))
            }
            if record.tabs != nil { shapes[shapes.count - 1].tabSet = depth }
            previous = record
            depth += 1
        }
        // Routes: the shapes' beginnings split the path, which is in chain order.
        var index = 0
        var routeIndex = path.startIndex
        for position in shapes.indices {
            let end = position + 1 < shapes.count ? shapes[position + 1].begin : Int.max
            let first = index
            while routeIndex != path.endIndex, path[routeIndex].depth < end {
                routeIndex = path.index(after: routeIndex)
                index += 1
            }
            shapes[position].routes = first..<index
        }
        return shapes
    }

    /// What the stack begun by `record` (at chain position `depth`) is.
    private static func kind(
        of record: InstanceRecord, at depth: Int, parent: InstanceRecord?, parentFlow: Int?,
        tabSet: FlowInstanceID?, bundle: FlowBundle
    ) -> FlowStack.Kind {
        switch record.presentation {
        case .sheet: return .sheet
        case .cover: return .cover
        case .push:
            guard depth > 0, let flow = parent?.flow ?? parentFlow, let set = parent?.id ?? tabSet,
                let declaration = record.declaration
            else { return .root }
            return .tab(name: bundle.flows[flow].children[declaration].name, tabSet: set)
        }
    }
}
