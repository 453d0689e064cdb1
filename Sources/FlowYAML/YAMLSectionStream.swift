/// A large mapping under one key of the document's top-level mapping (a flow's `screens`), handed out in
/// batches of its entries while the document is built, so that no whole-file document holds them.
///
/// Each time `batchSize` entries of that mapping have closed, ``DocumentBuilder`` makes them a small
/// ``YAMLDocument`` of their own (their records, children and text; marks as in the file) whose root is a
/// mapping of just those entries, calls `receive` with it on the building thread, and forgets them; the
/// last entries follow when the mapping closes. The built document keeps the mapping (its marks) with the
/// entries not handed out: none, unless batching stopped. Each entry's key stays in the document (a
/// record outside any collection), so a key repeated in a later batch is still `.duplicateKey`.
///
/// Batching only happens while the document has no anchor and no alias so far: an alias inside a batch
/// could name a node outside it. From the first anchor or alias on, the entries stay in the document (the
/// whole-document path); entries already handed out stay handed out. Every check, mark and error is the
/// same as without streaming: a thrown error ends the build and whatever was handed out is to be dropped.
/// Speed: PERFORMANCE.md, "Shapes kept for speed".
public struct YAMLSectionStream {
    /// The top-level key whose mapping value is streamed (matched on its text, any style, like schema keys).
    public let key: [UInt8]
    /// Entries per batch (at least 1).
    public let batchSize: Int
    /// Called on the building thread with each batch, in document order.
    public let receive: (YAMLDocument) -> Void

    /// - Parameters:
    ///   - key: the top-level key whose mapping value is streamed.
    ///   - batchSize: entries per batch; values below 1 count as 1.
    ///   - receive: called with each batch, in document order, on the building thread.
    public init(key: String, batchSize: Int, receive: @escaping (YAMLDocument) -> Void) {
        self.key = Array(key.utf8)
        self.batchSize = max(1, batchSize)
        self.receive = receive
    }
}
