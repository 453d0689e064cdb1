import FlowYAML
import Testing

/// YAML diagnostics that used to mislead: an implicit key over libyaml's 1024-character
/// limit, and merge keys.
@Suite("Overlong keys and merge keys")
struct HostileKeyTests {
    private let key = String(repeating: "/a", count: 600)  // 1,200 characters

    private func longKeyMessage(_ length: Int) -> String {
        "this key is \(length) characters long, and YAML allows at most 1024 in a key written without '?' (plain or quoted), so the ':' after it is misread; write it as an explicit key, '? KEY' on one line and ': VALUE' on the next, or make it shorter"
    }

    @Test func plainKeyOverTheLimitIsNamedAsSuch() throws {
        let error = try #require(loadError("links:\n  \(key): [home]\n"))
        #expect(error.kind == .syntax)
        #expect(error.message == longKeyMessage(1200))
        #expect(error.mark == mark(2, 3, 9))
    }

    @Test func quotedKeyInASequenceItemOverTheLimit() throws {
        let error = try #require(loadError("- 'x'\n- \"\(key)\": 1\n"))
        #expect(error.message == longKeyMessage(1202))
        #expect(error.mark == mark(2, 3, 8))
    }

    @Test func keyInAFlowMappingOverTheLimit() throws {
        let error = try #require(loadError("links: { \(key): [home] }\n"))
        #expect(error.message == longKeyMessage(1200))
        #expect(error.mark == mark(1, 10, 9))
    }

    @Test func multiByteKeyCountsCharacters() throws {
        let error = try #require(loadError(String(repeating: "é", count: 1100) + ": 1\n"))
        #expect(error.message == longKeyMessage(1100))
        #expect(error.mark == mark(1, 1, 0))
    }

    @Test func explicitKeyOverTheLimitLoads() throws {
        let root = try YAMLLoader.load("links:\n  ? \(key)\n  : [home]\n")
        #expect(root.value(forKey: "links")?.mapping?.first?.key.scalar == key)
    }

    @Test func keyAtTheLimitLoads() throws {
        let exact = String(repeating: "k", count: 1024)
        #expect(try YAMLLoader.load("\(exact): 1\n").value(forKey: exact)?.scalar == "1")
    }

    @Test func otherMappingValueErrorsKeepTheirMessage() throws {
        let error = try #require(loadError("a: b: c\n"))
        #expect(
            error.message
                == "mapping values are not allowed in this context; quote the value if it contains ': ', or fix the indentation"
        )
    }

    @Test func mergeKeyIsRejectedWithAdvice() throws {
        let error = try #require(loadError("base: &b { x: 1 }\nother:\n  <<: *b\n  y: 2\n"))
        #expect(error.kind == .mergeKey)
        #expect(
            error.message
                == "merge keys ('<<') are not supported: flowc does not combine mappings; write the entries out in this mapping (an alias can still stand for a whole value, as in 'b: *base'), or quote '<<' if it is a name"
        )
        #expect(error.mark == mark(3, 3, 27))
        // In a flow mapping too.
        #expect(loadError("a: &b {x: 1}\nc: { <<: *b }\n")?.kind == .mergeKey)
    }

    @Test func quotedMergeKeyIsAnOrdinaryKey() throws {
        let root = try YAMLLoader.load("'<<': 1\n")
        #expect(root.value(forKey: "<<")?.scalar == "1")
    }
}
