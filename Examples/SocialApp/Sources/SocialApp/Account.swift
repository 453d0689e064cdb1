/// The social app's account: the flows' host, asked the condition `isSignedIn` whenever a flow tests it
/// (writing a post, a `/feed/new` link).
@MainActor
public final class Account: Flows.Host {
    /// Whether the person is signed in.
    public var isSignedIn: Bool

    public init(isSignedIn: Bool) {
        self.isSignedIn = isSignedIn
    }
}
