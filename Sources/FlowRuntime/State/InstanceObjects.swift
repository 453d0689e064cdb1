import FlowModel

/// The ``FlowInstance`` objects of a coordinator's live instances, created only when the host asks for a
/// handle (``FlowCoordinator/root``, ``FlowCoordinator/instance(_:)``, ``FlowInstance/children``).
///
/// The objects are always a prefix of the state's instance chain (the root first), each owned by the
/// one before it: asking for an instance creates it and every ancestor not created yet, and a commit
/// cancels the objects of the instances that left the chain. A step that creates and removes instances
/// no one asked about creates no objects. Seen from the host, nothing differs from objects made with
/// their instances: an object exists, with its parent and owner, whenever the host can reach it.
///
/// A tab that is not selected keeps its objects aside (``parked``, by the tab's instance id): they stay
/// alive, owned by the tab flow's object, and go back into place when the tab is selected again.
@MainActor
struct InstanceObjects {
    private(set) var objects: [FlowInstance] = []
    /// The objects of kept (unselected) tabs, by the id of the tab's instance: a prefix of its kept chain.
    private var parked: [FlowInstanceID: [FlowInstance]] = [:]

    /// Whether any object was created (most steps of a host that holds no handle have none to cancel).
    var hasObjects: Bool { !objects.isEmpty }

    /// The object of instance `id` in a kept tab, if it was created.
    func kept(_ id: FlowInstanceID) -> FlowInstance? {
        for segment in parked.values { for object in segment where object.id == id { return object } }
        return nil
    }

    /// Cancels every object, kept tabs' too, and forgets them (``FlowCoordinator/restoreState(_:)``).
    mutating func cancelAll() {
        objects.first?.cancel()
        for segment in parked.values { segment.first?.cancel() }
        objects = []
        parked = [:]
    }

    /// The object at chain position `depth`, if it was created.
    func existing(at depth: Int) -> FlowInstance? { depth < objects.count ? objects[depth] : nil }

    /// The object at chain position `depth` of `chain`, created (with every ancestor not created yet)
    /// when needed.
    mutating func object(
        at depth: Int, of chain: [InstanceRecord], bundle: FlowBundle,
        coordinator: FlowCoordinator
    ) -> FlowInstance {
        while objects.count <= depth {
            let position = objects.count
            let record = chain[position]
            var declaration: String?
            if let child = record.declaration {
                declaration = bundle.flows[chain[position - 1].flow].children[child].name
            }
            objects.append(
                FlowInstance(
                    id: record.id, flow: bundle.flows[record.flow].name, declaration: declaration,
                    parameters: bundle.flows[record.flow].parameters, values: record.values,
                    parent: objects.last, coordinator: coordinator))
        }
        return objects[depth]
    }

    /// Cancels the objects of the instances that left the chain (with their descendants): every object
    /// from the first position where `old` and `new` differ, unless the step set that part aside as a kept
    /// tab (`tabs`: the chains of the tabs the step kept, by their first instance's id), which keeps its
    /// objects. Objects of a kept tab the step selected go back into place.
    mutating func sync<New: RandomAccessCollection<InstanceRecord>>(
        from old: [InstanceRecord], to new: New, keptTabs tabs: [FlowInstanceID: [FlowInstanceID]],
        droppedTabs: [FlowInstanceID] = []
    ) where New.Index == Int {
        for root in droppedTabs { parked.removeValue(forKey: root)?.first?.cancel() }
        var kept = 0
        while kept < objects.count, kept < new.count, old[kept].id == new[kept].id { kept += 1 }
        var cancelled = false
        if kept < objects.count {
            if tabs[objects[kept].id] != nil {
                parked[objects[kept].id] = Array(objects[kept...])
            } else {
                objects[kept].cancel()
                cancelled = true
            }
            objects.truncate(to: kept)
        }
        // A kept tab whose chain the step changed (back on a tab that is not selected): objects past the
        // part still kept are cancelled.
        for (root, ids) in tabs {
            guard var segment = parked[root] else { continue }
            var same = 0
            while same < segment.count, same < ids.count, segment[same].id == ids[same] { same += 1 }
            if same < segment.count {
                segment[same].cancel()
                cancelled = true
                segment.truncate(to: same)
                parked[root] = segment.isEmpty ? nil : segment
            }
        }
        while objects.count < new.count, !parked.isEmpty,
            let segment = parked.removeValue(forKey: new[objects.count].id)
        {
            // A deep link may bring a kept tab back with only the part it shares (the rest is cancelled).
            var same = 0
            while same < segment.count, objects.count + same < new.count,
                segment[same].id == new[objects.count + same].id
            {
                same += 1
            }
            if same < segment.count {
                // A tab set it brings back may keep its selected tab under its own layer (a link to the
                // set's item): that part stays aside, alive.
                if tabs[segment[same].id] != nil {
                    parked[segment[same].id] = Array(segment[same...])
                } else {
                    segment[same].cancel()
                    cancelled = true
                }
            }
            objects.append(contentsOf: segment[..<same])
        }
        // A cancelled tab flow cancelled its kept tabs' objects (it owns them): forget them.
        if cancelled, !parked.isEmpty { parked = parked.filter { $0.value.first?.isAlive ?? false } }
    }
}
