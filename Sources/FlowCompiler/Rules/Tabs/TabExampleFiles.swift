/// The flow files the tab rules' examples share, so each is written once (`flowc explain` shows them
/// under every rule that uses them, exactly as here). Each begins with its `---- NAME.yaml ----`
/// separator and ends without a newline, to stand as the last lines of an example.
enum TabExampleFiles {
    /// `feed.yaml`: the flow of a tab, one screen.
    static let feed = """
        ---- feed.yaml ----
        flow: feed
        start: timeline
        screens:
          timeline: {}
        """

    /// `feed.yaml` whose screen signs out: the flow of a tab, finishing with `signedOut`.
    static let feedSigningOut = """
        ---- feed.yaml ----
        flow: feed
        start: timeline
        outcomes: [signedOut]
        screens:
          timeline: { on: { signOut: { finish: signedOut } } }
        """

    /// `home.yaml`, a tab flow of one tab (`feed`), then `feed.yaml`.
    static let homeWithFeedTab = """
        ---- home.yaml ----
        flow: home
        tabs: [feed]
        start: feed
        children:
          feed: { flow: feed }
        \(feed)
        """

    /// `profile.yaml`: the flow of another tab, one screen.
    static let profile = """
        ---- profile.yaml ----
        flow: profile
        start: me
        screens:
          me: {}
        """
}
