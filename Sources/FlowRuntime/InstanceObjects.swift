import FlowModel

/// The ``FlowInstance`` objects of a coordinator's live instances, created only when the host asks for a
/// handle (``FlowCoordinator/root``, ``FlowCoordinator/instance(_:)``, ``FlowInstance/children``).
///
/// The objects are always a prefix of the state's instance chain (the root first), each owned by the
/// one before it: asking for an instance creates it and every ancestor not created yet, and a commit
/// cancels the objects of the instances that left the chain. A step that creates and removes instances
/// no one asked about creates no objects. Seen from the host, nothing differs from objects made with
/// their instances: an object exists, with its parent and owner, whenever the host can reach it.
@MainActor
struct InstanceObjects {
    private(set) var objects: [FlowInstance] = []

    /// Whether any object was created (most steps of a host that holds no handle have none to cancel).
    var hasObjects: Bool { !objects.isEmpty }

    /// The object at chain position `depth`, if it was created.
    func existing(at depth: Int) -> FlowInstance? { depth < objects.count ? objects[depth] : nil }

    /// The object at chain position `depth` of `chain`, created (with every ancestor not created yet)
    /// when needed.
    mutating func object(at depth: Int, of chain: [InstanceRecord], bundle: FlowBundle,
                         coordinator: FlowCoordinator) -> FlowInstance {
        while objects.count <= depth {
            let position = objects.count
            let record = chain[position]
            var declaration: String?
            if let child = record.declaration { declaration = bundle.flows[chain[position - 1].flow].children[child].name }
            objects.append(FlowInstance(
                id: record.id, flow: bundle.flows[record.flow].name, declaration: declaration,
                parameters: bundle.flows[record.flow].parameters, values: record.values,
                parent: objects.last, coordinator: coordinator))
        }
        return objects[depth]
    }

    /// Cancels the objects of the instances that left the chain (with their descendants): every object
    /// from the first position where `old` and `new` differ.
    mutating func sync<New: RandomAccessCollection<InstanceRecord>>(from old: [InstanceRecord], to new: New)
    where New.Index == Int {
        var kept = 0
        while kept < objects.count, kept < new.count, old[kept].id == new[kept].id { kept += 1 }
        if kept < objects.count {
            objects[kept].cancel()
            objects.truncate(to: kept)
        }
    }
}
