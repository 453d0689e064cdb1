/// The reading app's model: the books it holds, by id. It is the flows' host: the generated `Flows.Host`
/// asks it the check `bookExists` whenever a book id is bound (an event, a deep link, a restore).
@MainActor
public final class Library: Flows.Host {
    /// Book titles by id.
    public private(set) var books: [Int: String]

    public init(books: [Int: String]) {
        self.books = books
    }

    /// Whether book `value` exists: the flows' `check: bookExists` on `details.bookID`.
    public func bookExists(_ value: Int) -> Bool { books[value] != nil }
}
