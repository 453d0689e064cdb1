/// Which held deep links a restore drops, judged by URL, not by holder (docs/RUNNING.md, "Snapshots"): the
/// one definition that the runtime's report (``FlowCoordinator``'s commit of a restore) and the explorer's
/// guarantee 4 (FC804) both read.
///
/// A restore drops a URL only as often as the state before it held it (queued or pending, in any live
/// instance, kept tabs' included) more times than the restored state does. A link that instance A held
/// before and instance B holds in the restored state is not dropped: it opens, or is dropped, later, once.
package enum RestoreDroppedLinks {
    /// How many times a restore drops each URL: the URLs `before` holds more often than `after`, each with
    /// the difference (a queue holds a URL as often as it was opened). URLs it does not drop are absent.
    package static func counts<Before: Sequence<String>, After: Sequence<String>>(before: Before, after: After)
        -> [String: Int]
    {
        var counts: [String: Int] = [:]
        for url in before { counts[url, default: 0] += 1 }
        guard !counts.isEmpty else { return [:] }
        for url in after where counts[url] != nil { counts[url, default: 0] -= 1 }
        return counts.filter { $0.value > 0 }
    }
}
