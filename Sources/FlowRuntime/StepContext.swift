import FlowModel

/// What every step of a coordinator reads and none changes: the bundle and the host.
///
/// One object, so that a step (``Transition``) holds one reference to both, not every array and
/// closure they are made of. The coordinator makes a new one when its host is replaced.
@MainActor
final class StepContext {
    let bundle: FlowBundle
    let host: FlowHost

    init(bundle: FlowBundle, host: FlowHost) {
        self.bundle = bundle
        self.host = host
    }
}
