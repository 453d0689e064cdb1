import FlowModel
import FlowRuntime
import FlowTestSupport
import Testing

/// `pattern` constraints at run time: hostile and costly values answer at once, with a reason.
@MainActor
struct PatternConstraintTests {
    static let hostile = """
        flow: hostile
        start: home
        screens:
          home:
            on:
              submit:
                params: { s: { type: string, pattern: "(a+)+b" } }
                push: item
                with: { s: $s }
          item:
            params: { s: { type: string, pattern: "(a+)+b" } }
        links:
          /x/{s}: [home, { item: { s: $s } }]
        """

    /// Before: 20 'a's then 'c' against `(a+)+b` froze the main actor in the backtracking matcher.
    @MainActor @Test func hostileValuesAnswerAtRunTime() throws {
        let bad = String(repeating: "a", count: 20) + "c"
        let message = "\"\(bad)\" does not match the pattern \"(a+)+b\""
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle([Self.hostile]), flow: "hostile", host: TestHost().host)
        coordinator.start()
        #expect(
            coordinator.send("submit", textArguments: ["s": bad])
                == StepResult(
                    .rejected,
                    .constraintViolated(
                        receiver: "event 'submit' of screen 'home' of flow 'hostile'", name: "s", message: message)))
        let long = String(repeating: "a", count: 5_000) + "c"
        #expect(coordinator.send("submit", textArguments: ["s": long]).status == .rejected)
        #expect(
            coordinator.open("/x/\(bad)")
                == StepResult(
                    .rejected,
                    .constraintViolated(
                        receiver: "screen 'item' of flow 'hostile'", name: "s", message: message)))
        #expect(coordinator.screens == ["hostile.home"])
        #expect(coordinator.open("/x/aaab") == .applied)
        #expect(coordinator.screens == ["hostile.home", "hostile.item(s: aaab)"])
    }

    /// A costly pattern match from a URL: `(a*b?){1000}x` keeps about 4,000 states alive per
    /// character, so a long value took seconds. A match stops after `LinearPattern.maximumMatchSteps` steps
    /// and the value is refused with a reason naming `maxLength`; a `maxLength` beside the pattern is checked first.
    @MainActor @Test func costlyMatchesStopAndAreRefusedWithAReason() throws {
        let pattern = try LinearPattern("(a*b?){1000}x")
        let hundred = String(repeating: "a", count: 100)
        #expect(pattern.match(hundred) == .doesNotMatch)
        #expect(pattern.match(hundred + "x") == .matches)
        let long = String(repeating: "a", count: 500)
        #expect(pattern.match(long) == .tooCostly)
        #expect(pattern.match("aax", stepLimit: 10) == .tooCostly)
        #expect(try LinearPattern("[a-z]+").match(String(repeating: "a", count: 100_000)) == .matches)

        let flows = """
            flow: costly
            start: home
            screens:
              home:
                on:
                  submit:
                    params: { s: { type: string, pattern: "(a*b?){1000}x" } }
                    push: item
                    with: { s: $s }
                  bound: { params: { s: { type: string, maxLength: 100 } }, push: bounded, with: { s: $s } }
              item:
                params: { s: { type: string, pattern: "(a*b?){1000}x" } }
              bounded:
                params: { s: { type: string, maxLength: 100, pattern: "(a*b?){1000}x" } }
            links:
              /s/{s}: [home, { item: { s: $s } }]
              /b/{s}: [home, { bounded: { s: $s } }]
            """
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle([flows]), flow: "costly", host: TestHost().host)
        coordinator.start()
        let shown = "\"" + String(repeating: "a", count: 57) + "…\""
        #expect(
            coordinator.open("/s/\(long)")
                == StepResult(
                    .rejected,
                    .constraintViolated(
                        receiver: "screen 'item' of flow 'costly'", name: "s",
                        message:
                            "\(shown) (500 characters) is too long to check against the pattern \"(a*b?){1000}x\": it would take more than 1000000 matching steps; give the parameter a 'maxLength'"
                    )))
        #expect(
            coordinator.send("submit", textArguments: ["s": long])
                == StepResult(
                    .rejected,
                    .constraintViolated(
                        receiver: "event 'submit' of screen 'home' of flow 'costly'", name: "s",
                        message:
                            "\(shown) (500 characters) is too long to check against the pattern \"(a*b?){1000}x\": it would take more than 1000000 matching steps; give the parameter a 'maxLength'"
                    )))
        #expect(
            coordinator.open("/b/\(long)")
                == StepResult(
                    .rejected,
                    .constraintViolated(
                        receiver: "screen 'bounded' of flow 'costly'", name: "s",
                        message: "\(shown) is longer than the maximum length 100 (it has 500 characters)")))
        #expect(coordinator.open("/s/\(hundred)x") == .applied)
        #expect(coordinator.screens == ["costly.home", "costly.item(s: \(hundred)x)"])
    }
}
