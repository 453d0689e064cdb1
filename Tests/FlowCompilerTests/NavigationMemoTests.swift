import FlowYAML
import Testing

@testable import FlowCompiler

/// Validations that share a ``FileReadCache`` (the language server's, one per workspace) reuse the
/// navigation indexes of flows whose files did not change, rebuild those whose bytes or long-lived children
/// changed, and report exactly what a validation without the cache reports.
@Suite struct NavigationMemoTests {
    static let app = """
        flow: app
        start: home
        outcomes: [closed]
        screens:
          home:
            on:
              open: { start: settings }
        children:
          settings:
            flow: settings
            on:
              done: { finish: closed }

        """
    static let settings = """
        flow: settings
        start: main
        outcomes: [done]
        screens:
          main:
            on:
              close: { finish: done }

        """
    /// `settings` without outcomes: `app` now runs it as a long-lived child.
    static let settingsWithoutOutcomes = """
        flow: settings
        start: main
        screens:
          main: {}

        """
    static let other = """
        flow: other
        start: first
        screens:
          first:
            on:
              next: { push: second }
          second: {}

        """

    static func validate(_ texts: [(String, String)], cache: FileReadCache?) -> [Diagnostic] {
        FlowValidation.validate(
            contents: texts.map { (path: $0.0, contents: FlowFileContents.bytes(Array($0.1.utf8))) },
            configuration: nil, cache: cache
        ).diagnostics
    }

    @Test func unchangedFlowsKeepTheirIndexesAndTheFindingsAreAWholeValidations() {
        let cache = FileReadCache()
        var texts = [("app.yaml", Self.app), ("other.yaml", Self.other), ("settings.yaml", Self.settings)]
        let first = Self.validate(texts, cache: cache)
        #expect(first == Self.validate(texts, cache: nil))
        // No flow runs `other` (FC304), in every state here.
        #expect(first.map(\.code) == ["FC304"])
        #expect(cache.navigations.counts == (reused: 0, built: 3))
        #expect(Self.validate(texts, cache: cache) == Self.validate(texts, cache: nil))
        #expect(cache.navigations.counts == (reused: 3, built: 3))

        // settings changed; app's file did not, but its long-lived children did: only other is reused.
        texts[2].1 = Self.settingsWithoutOutcomes
        let changed = Self.validate(texts, cache: cache)
        #expect(changed == Self.validate(texts, cache: nil))
        #expect(changed.map(\.code) == ["FC403", "FC304"])
        #expect(cache.navigations.counts == (reused: 4, built: 5))

        // Back: app's and settings' indexes are built again from the texts of the first validation.
        texts[2].1 = Self.settings
        #expect(Self.validate(texts, cache: cache) == Self.validate(texts, cache: nil))
        #expect(cache.navigations.counts == (reused: 5, built: 7))
    }

    @Test func differentLimitsBuildTheIndexAgain() {
        let cache = FileReadCache()
        let texts = [("other.yaml", Self.other)]
        _ = Self.validate(texts, cache: cache)
        var limits = YAMLLimits.default
        limits.maxDepth -= 1
        let result = FlowValidation.validate(
            contents: [(path: "other.yaml", contents: .bytes(Array(Self.other.utf8)))], limits: limits,
            configuration: nil, cache: cache)
        #expect(result.diagnostics.isEmpty)
        #expect(cache.navigations.counts == (reused: 0, built: 2))
    }
}
