import FlowModel

/// What one step did besides editing the navigation state (``Transition``): the instances that finished,
/// the links to open or dropped, the tabs set aside or dropped. Most steps do none of it.
struct StepEffects {
    /// Set when the root flow instance finished, with its outcome.
    var rootOutcome: String?
    var linksToOpen: [String] = []
    var finished: [FinishedFlow] = []
    var finishedOnRemoval: [FlowInstanceID] = []
    var keptTabs: [FlowInstanceID: [FlowInstanceID]] = [:]
    var droppedTabs: [FlowInstanceID] = []
    var droppedLinks: [DeferredLink] = []
    var keptRemovals: [Route] = []
    var removalCauses: [FlowInstanceID: RemovedFlow.Cause] = [:]
    var removedInKeptTabs: [RemovedFlow] = []
    var droppedInKeptTabs: [DroppedKeptTab] = []
}
