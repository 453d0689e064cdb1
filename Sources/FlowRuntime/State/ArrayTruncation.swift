extension Array {
    /// Removes the elements from position `count` on, one at a time: the few a step removes cost less
    /// that way than through `removeLast(_:)`, which goes through the general range replacement.
    mutating func truncate(to count: Int) {
        while self.count > count { removeLast() }
    }
}
