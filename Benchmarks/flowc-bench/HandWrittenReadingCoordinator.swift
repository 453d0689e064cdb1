import Observation

/// The values both hand-written coordinators use.
enum HandWrittenReading {
    enum Route: Hashable {
        case library
        case details(bookID: Int)
        case editor(child: Int, bookID: Int)
    }

    enum Status: Hashable {
        case idle, running, stopped
    }

    enum Outcome {
        case saved, discarded
    }

    /// What `reconcile(to:)` answered.
    enum Answer: Hashable {
        case applied, rejected, pending
    }

    /// A removal across the editor, waiting for the host's answer.
    struct PendingConfirmation: Hashable {
        var keepCount: Int
        var path: [Route]
    }

    /// An `edit` child flow instance.
    @MainActor
    final class EditFlow {
        let id: Int
        let bookID: Int
        var completion: ((Outcome) -> Bool)?

        init(id: Int, bookID: Int, completion: @escaping (Outcome) -> Bool) {
            self.id = id
            self.bookID = bookID
            self.completion = completion
        }

        /// Finishes the flow once; false when it already finished or was cancelled.
        @discardableResult
        func finish(_ outcome: Outcome) -> Bool {
            guard let action = completion else { return false }
            completion = nil
            return action(outcome)
        }

        func cancel() { completion = nil }
    }
}

/// The baseline of `flowc-bench runtime`: a coordinator written by hand for `Flows/reading.yaml` and
/// `Flows/edit.yaml`, with the semantics `FlowCoordinator` implements for that pair of flows (the first
/// seed's contract, plus the editor's `confirm` removal policy):
///
/// - the path is an array of route values; the live `edit` children are owned in one dictionary and refer
///   to the coordinator weakly through their completion, which is cleared before it runs (a second or late
///   completion is inert) and when the child is cancelled;
/// - events come from the top route only and check their arguments (`bookID >= 1`);
/// - interactive back accepts only a prefix of the path and cancels the children whose routes vanished;
///   crossing the editor (`removal: confirm`) waits for `confirmRemoval()` / `keepEditing()`, and a
///   confirmed removal cancels the child with `discarded` and runs the parent's handler (`stay`);
/// - stop empties the path and cancels every child.
///
/// The logic is written once, in this protocol's extension; ``ObservableReadingCoordinator`` (an
/// `@Observable` class, as an app would write it) and ``PlainReadingCoordinator`` (no observation) only
/// hold the state, so the benchmark can tell what observation itself costs.
@MainActor
protocol HandWrittenReadingCoordinator: AnyObject {
    typealias Route = HandWrittenReading.Route
    typealias Status = HandWrittenReading.Status
    typealias Outcome = HandWrittenReading.Outcome
    typealias Answer = HandWrittenReading.Answer
    typealias PendingConfirmation = HandWrittenReading.PendingConfirmation
    typealias EditFlow = HandWrittenReading.EditFlow

    var path: [Route] { get set }
    var status: Status { get set }
    var pendingConfirmation: PendingConfirmation? { get set }
    var children: [Int: EditFlow] { get set }
    var nextChild: Int { get set }
}

/// The hand-written coordinator as an app would write it: observable path, status and confirmation.
@MainActor
@Observable
final class ObservableReadingCoordinator: HandWrittenReadingCoordinator {
    var path: [Route] = []
    var status: Status = .idle
    var pendingConfirmation: PendingConfirmation?
    @ObservationIgnored var children: [Int: EditFlow] = [:]
    @ObservationIgnored var nextChild = 1
}

/// The same coordinator without observation.
@MainActor
final class PlainReadingCoordinator: HandWrittenReadingCoordinator {
    var path: [Route] = []
    var status: Status = .idle
    var pendingConfirmation: PendingConfirmation?
    var children: [Int: EditFlow] = [:]
    var nextChild = 1
}

extension HandWrittenReadingCoordinator {
    var childCount: Int { children.count }

    // MARK: Start and stop

    @discardableResult
    func start() -> Bool {
        guard status != .running else { return false }
        path = [.library]
        status = .running
        return true
    }

    @discardableResult
    func stop() -> Bool {
        cancelChildren(keeping: [])
        path = []
        pendingConfirmation = nil
        if status == .running { status = .stopped }
        return true
    }

    // MARK: Events (from the top route)

    /// `library` → `selectBook(bookID)`: push `details(bookID)`.
    @discardableResult
    func selectBook(_ bookID: Int) -> Bool {
        guard status == .running, path.last == .library, bookID >= 1 else { return false }
        path.append(.details(bookID: bookID))
        pendingConfirmation = nil
        return true
    }

    /// `details` → `edit`: start an `edit` child for the shown book.
    @discardableResult
    func edit() -> EditFlow? {
        guard status == .running, case .details(let bookID) = path.last, bookID >= 1 else { return nil }
        let id = nextChild
        nextChild += 1
        let child = EditFlow(id: id, bookID: bookID) { [weak self] outcome in
            self?.finished(id, outcome) ?? false
        }
        children[id] = child
        path.append(.editor(child: id, bookID: bookID))
        pendingConfirmation = nil
        return child
    }

    /// `editor` → `save`: the child finishes `saved`.
    @discardableResult
    func save() -> Bool {
        guard status == .running, case .editor(let id, _) = path.last, let child = children[id] else { return false }
        return child.finish(.saved)
    }

    /// `details` → `back`: `pop: 1` (never the flow's first route).
    @discardableResult
    func back() -> Bool {
        guard status == .running, case .details = path.last, path.count >= 2 else { return false }
        path.removeLast()
        pendingConfirmation = nil
        return true
    }

    // MARK: Completion

    func finished(_ id: Int, _ outcome: Outcome) -> Bool {
        guard status == .running, children[id] != nil,
            let index = path.firstIndex(where: { if case .editor(id, _) = $0 { true } else { false } })
        else { return false }
        path.removeSubrange(index...)
        children.removeValue(forKey: id)
        pendingConfirmation = nil
        handle(outcome)
        return true
    }

    /// The parent's handlers for the child's outcomes: `saved: stay`, `discarded: stay`.
    func handle(_ outcome: Outcome) {
        switch outcome {
        case .saved, .discarded: break
        }
    }

    // MARK: Interactive back

    @discardableResult
    func reconcile(to proposed: [Route]) -> Answer {
        guard proposed.count <= path.count, path.prefix(proposed.count).elementsEqual(proposed) else {
            return .rejected
        }
        guard proposed.count < path.count else { return .applied }
        if path[proposed.count...].contains(where: { if case .editor = $0 { true } else { false } }) {
            pendingConfirmation = PendingConfirmation(keepCount: proposed.count, path: path)
            return .pending
        }
        removeRoutes(keeping: proposed.count, confirmed: false)
        return .applied
    }

    @discardableResult
    func confirmRemoval() -> Answer {
        guard let pending = pendingConfirmation else { return .rejected }
        pendingConfirmation = nil
        guard pending.path == path else { return .rejected }
        removeRoutes(keeping: pending.keepCount, confirmed: true)
        return .applied
    }

    @discardableResult
    func keepEditing() -> Bool {
        guard pendingConfirmation != nil else { return false }
        pendingConfirmation = nil
        return true
    }

    func removeRoutes(keeping count: Int, confirmed: Bool) {
        if count == 0 {
            stop()
            return
        }
        let kept = Array(path.prefix(count))
        // The editor is the child's only route: the handler runs when the removal took exactly it.
        let removedChild = path[count...].contains { if case .editor = $0 { true } else { false } }
        cancelChildren(keeping: kept)
        path = kept
        pendingConfirmation = nil
        if confirmed, removedChild, case .details = kept.last { handle(.discarded) }
    }

    /// Cancels every child whose editor route is not in `kept`.
    func cancelChildren(keeping kept: [Route]) {
        guard !children.isEmpty else { return }
        for id in Array(children.keys)
        where !kept.contains(where: { if case .editor(id, _) = $0 { true } else { false } }) {
            children.removeValue(forKey: id)?.cancel()
        }
    }
}
