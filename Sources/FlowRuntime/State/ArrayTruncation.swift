extension Array {
    // Speed: PERFORMANCE.md, "Shapes kept for speed".
    /// Removes the elements from position `count` on, one at a time.
    mutating func truncate(to count: Int) {
        while self.count > count { removeLast() }
    }
}
