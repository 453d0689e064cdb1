import FlowCompiler
import Testing

/// `.flowc.yml`: reading (every problem located, FC095), globs, include and exclude, rule settings.
@Suite struct FlowConfigurationTests {
    static func load(_ text: String) -> LoadedConfiguration {
        FlowConfigurationLoader.load(bytes: Array(text.utf8), path: "/project/.flowc.yml")
    }

    static func problems(_ loaded: LoadedConfiguration) -> [String] {
        loaded.file.diagnostics.map {
            "\($0.location.line):\($0.location.column) \($0.severity.rawValue) \($0.code) \($0.message)"
        }
    }

    @Test func readsEveryOption() {
        let loaded = Self.load(
            """
            include: ["Flows/**/*.yaml"]
            exclude: ["**/docker-compose.yml", "Flows/drafts/"]
            rules:
              FC304: off
              unused-condition: error
              FC090: warning
            format: sarif
            """)
        #expect(Self.problems(loaded) == [])
        let configuration = loaded.configuration
        #expect(configuration.folder == "/project")
        #expect(configuration.include.map(\.pattern) == ["Flows/**/*.yaml"])
        #expect(configuration.exclude.map(\.pattern) == ["**/docker-compose.yml", "Flows/drafts/"])
        #expect(configuration.rules == ["FC304": .off, "FC505": .error, "FC090": .warning])
        #expect(configuration.format == "sarif")
        #expect(configuration.admits("/project/Flows/reading.yaml"))
        #expect(configuration.admits("/project/Flows/a/b/c.yaml"))
        #expect(!configuration.admits("/project/Flows/drafts/x.yaml"))
        #expect(!configuration.admits("/project/docker-compose.yml"))
        #expect(!configuration.admits("/project/other/flow.yaml"))
        #expect(configuration.admits("/elsewhere/flow.yaml"))
    }

    @Test func emptyConfigurationMeansDefaults() {
        let loaded = Self.load("# nothing yet\n")
        #expect(Self.problems(loaded) == [])
        #expect(
            loaded.configuration.rules.isEmpty && loaded.configuration.include.isEmpty
                && loaded.configuration.format == nil)
    }

    @Test func everyProblemIsLocated() {
        let loaded = Self.load(
            """
            include: Flows
            exclude: ["", "/abs/*.yaml", "../up.yaml", ok.yaml]
            rules:
              FC3O1: warning
              FC301: never
              FC001: off
              FC095: warning
              unreachable: warning
            format: html
            excludes: []
            """)
        #expect(
            Self.problems(loaded) == [
                "1:10 error FC095 'include' is a list of globs, such as [\"Flows/**/*.yaml\"]",
                "2:11 error FC095 a glob is a non-empty text, such as \"**/docker-compose.yml\"",
                "2:15 error FC095 glob '/abs/*.yaml' must be relative to the configuration's folder, without '..'",
                "2:30 error FC095 glob '../up.yaml' must be relative to the configuration's folder, without '..'",
                "4:3 error FC095 unknown rule 'FC3O1'; did you mean 'FC301'?",
                "5:10 error FC095 a rule's setting is error, warning or off",
                "6:3 error FC095 FC001 (yaml-syntax) keeps its severity: rules that read files and the configuration rule cannot be changed",
                "7:3 error FC095 FC095 (invalid-configuration) keeps its severity: rules that read files and the configuration rule cannot be changed",
                "9:9 error FC095 'format' is one of text, json, sarif, github, gitlab",
                "10:1 error FC095 unknown key 'excludes' in the configuration; did you mean 'exclude'?",
            ])
        #expect(loaded.configuration.rules == ["FC301": .warning])
        #expect(loaded.configuration.exclude.map(\.pattern) == ["ok.yaml"])
    }

    @Test func duplicateKeysAndSyntaxErrorsAreReadingErrors() {
        #expect(
            Self.problems(Self.load("rules:\n  FC301: warning\n  FC301: off\n")).map { String($0.prefix(15)) } == [
                "3:3 error FC002"
            ])
        // The end of the only line, never past the file's end.
        #expect(Self.problems(Self.load("rules: [\n")).map { String($0.prefix(11)) } == ["1:9 error F"])
    }

    @Test func globs() {
        #expect(Glob("*.yaml").matches("a/b/c.yaml"))
        #expect(!Glob("*.yaml").matches("a/b/c.yml"))
        #expect(Glob("Flows/*.yaml").matches("Flows/a.yaml"))
        #expect(!Glob("Flows/*.yaml").matches("Flows/x/a.yaml"))
        #expect(Glob("Flows/**/*.yaml").matches("Flows/a.yaml"))
        #expect(Glob("Flows/**/*.yaml").matches("Flows/x/y/a.yaml"))
        #expect(Glob("**/docker-compose.y?l").matches("deploy/docker-compose.yml"))
        #expect(Glob("vendor/").matches("vendor/x/y.yaml"))
        #expect(!Glob("vendor/").matches("src/vendor.yaml"))
        #expect(Glob("./a/*").matches("a/b"))
        #expect(Glob("a*b*c").matches("aXXbYYc"))
        #expect(!Glob("a*b*c").matches("aXXbYY"))
        // No exponential blow-up on many stars.
        #expect(!Glob(String(repeating: "*a", count: 40) + "b").matches(String(repeating: "a", count: 4000)))
    }

    @Test func severitiesChangeAndOffDrops() {
        let source = """
            flow: sample
            conditions: [unused]
            start: home
            screens:
              home: {}
              old: {}
            """
        var configuration = FlowConfiguration()
        configuration.rules = ["FC301": .off, "FC505": .error]
        let result = FlowValidation.validate(sources: [("s.yaml", Array(source.utf8))])
        #expect(result.diagnostics.map { "\($0.code) \($0.severity.rawValue)" } == ["FC505 warning", "FC301 error"])
        let changed = configuration.applySeverities(to: result.diagnostics)
        #expect(changed.map { "\($0.code) \($0.severity.rawValue)" } == ["FC505 error"])
    }
}
