import FlowModel

/// The live ``FlowInstance`` objects of a coordinator, aligned with its state's instance chain
/// (the root first), kept in step with the chain after every commit.
@MainActor
struct InstanceObjects {
    private(set) var objects: [FlowInstance] = []

    /// The root flow instance, if any.
    var root: FlowInstance? { objects.first }

    /// The object at chain position `depth`.
    subscript(depth: Int) -> FlowInstance { objects[depth] }

    /// Cancels the objects of the instances that left the chain (with their descendants) and creates
    /// objects for those that joined it, each owned by the one before it.
    mutating func sync(from old: [InstanceRecord], to new: [InstanceRecord], bundle: FlowBundle,
                       coordinator: FlowCoordinator) {
        var kept = 0
        while kept < old.count, kept < new.count, old[kept].id == new[kept].id { kept += 1 }
        if kept < objects.count {
            objects[kept].cancel()
            objects.truncate(to: kept)
        }
        for depth in kept..<new.count {
            let record = new[depth]
            var declaration: String?
            if let child = record.declaration { declaration = bundle.flows[new[depth - 1].flow].children[child].name }
            objects.append(FlowInstance(
                id: record.id, flow: bundle.flows[record.flow].name, declaration: declaration,
                parameters: bundle.flows[record.flow].parameters, values: record.values,
                parent: objects.last, coordinator: coordinator))
        }
    }
}
