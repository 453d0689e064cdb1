import FlowModel
import FlowRuntime
import FlowScript
import FlowTestSupport
import Testing

/// Outcomes that carry data (format 1.1): a child's `finish … with:` reaches its parent's handler.
@MainActor
struct OutcomeDataTests {
    static let posts = """
        flow: posts
        start: list
        screens:
          list:
            on:
              create: { start: createPost }
          post:
            params: { postID: { type: int, min: 1 } }
            on: { back: { pop: 1 } }
        children:
          createPost:
            flow: createPost
            on:
              created: { push: post, with: { postID: $postID } }
              cancelled: stay
        """
    static let createPost = """
        flow: createPost
        start: compose
        outcomes:
          created: { params: { postID: { type: int, min: 1, check: postExists } } }
          cancelled:
        screens:
          compose:
            on:
              publish:
                params: { postID: int }
                finish: created
                with: { postID: $postID }
              cancel: { finish: cancelled }
        """

    func coordinator(_ host: TestHost = TestHost()) throws -> FlowCoordinator {
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle([Self.posts, Self.createPost]), flow: "posts", host: host.host)
        coordinator.start()
        coordinator.send("create")
        return coordinator
    }

    @Test func finishPassesItsValuesToTheParentsHandler() throws {
        let coordinator = try coordinator()
        let child = try #require(coordinator.root?.children.values.first)
        let result = coordinator.send("publish", arguments: ["postID": .int(42)])
        #expect(result == .applied)
        #expect(
            result.finished == [
                FinishedFlow(
                    instance: child.id, flow: "createPost", outcome: "created",
                    arguments: ["postID": .int(42)])
            ])
        #expect(coordinator.screens == ["posts.list", "posts.post(postID: 42)"])
        #expect(!child.isAlive)
    }

    @Test func outcomeValuesAreCheckedBeforeAnythingChanges() throws {
        let host = TestHost()
        let coordinator = try coordinator(host)
        let receiver = "outcome 'created' of flow 'createPost'"
        #expect(
            coordinator.send("publish", arguments: ["postID": .int(0)])
                == StepResult(
                    .rejected,
                    .constraintViolated(receiver: receiver, name: "postID", message: "0 is less than the minimum 1")))
        host.checks = ["postExists": ["9": false]]
        #expect(
            coordinator.send("publish", arguments: ["postID": .int(9)])
                == StepResult(
                    .rejected, .checkFailed(receiver: receiver, name: "postID", check: "postExists", value: .int(9))))
        #expect(coordinator.screens == ["posts.list", "createPost.compose"])
    }

    @Test func aHostFinishPassesTypedValuesAndIsRearmedWhenRefused() throws {
        let coordinator = try coordinator()
        let child = try #require(coordinator.root?.children.values.first)
        let receiver = "outcome 'created' of flow 'createPost'"
        #expect(child.finish("created") == StepResult(.rejected, .missingArgument(receiver: receiver, name: "postID")))
        #expect(
            child.finish("created", arguments: ["postID": .string("7")])
                == StepResult(
                    .rejected, .wrongArgumentType(receiver: receiver, name: "postID", expected: .int, found: .string)))
        #expect(
            child.finish("cancelled", arguments: ["postID": .int(7)])
                == StepResult(
                    .rejected, .unknownArgument(receiver: "outcome 'cancelled' of flow 'createPost'", name: "postID")))
        #expect(child.isAlive)
        #expect(child.finish("created", arguments: ["postID": .int(7)]) == .applied)
        #expect(coordinator.screens == ["posts.list", "posts.post(postID: 7)"])
    }

    @Test func theTraceCarriesTheOutcomeValues() throws {
        let runner = try FlowScriptRunner(bundle: try Fixtures.bundle([Self.posts, Self.createPost]), flow: "posts")
        let lines = runner.run(
            script: """
                start
                event create
                finish #2 created postID=x
                finish #2 created postID=5
                """
        ).map(FlowScriptRunner.json)
        #expect(
            lines[2].contains(
                #""reason":"'x' is not a valid int for 'postID' of outcome 'created' of flow 'createPost'","status":"rejected""#
            ))
        #expect(
            lines[3].contains(
                #""finished":[{"arguments":{"postID":5},"flow":"createPost","instance":2,"outcome":"created"}]"#))
        #expect(lines[3].contains(#"{"arguments":{"postID":5},"flow":"posts","instance":1,"screen":"post","token":3}"#))
    }
}

/// String constraints (format 1.1) and host checks on every way a value enters the runtime.
@MainActor
struct StringConstraintTests {
    static let signIn = """
        flow: signIn
        start: form
        outcomes:
          signedIn: { params: { email: { type: string, minLength: 3 } } }
        screens:
          form:
            on:
              submit:
                params:
                  email: { type: string, minLength: 1, maxLength: 20, pattern: "[^@ ]+@[^@ ]+", check: emailKnown }
                push: code
                with: { email: $email }
          code:
            params: { email: string }
            on:
              verify:
                params: { code: { type: string, pattern: "[0-9]{4}" } }
                finish: signedIn
                with: { email: $email }
        """

    @Test func eventArgumentsMeetLengthAndPattern() throws {
        let host = TestHost()
        let coordinator = try FlowCoordinator(
            bundle: try Fixtures.bundle([Self.signIn]), flow: "signIn", host: host.host)
        coordinator.start()
        let receiver = "event 'submit' of screen 'form' of flow 'signIn'"
        #expect(
            coordinator.send("submit", textArguments: ["email": ""])
                == StepResult(
                    .rejected,
                    .constraintViolated(
                        receiver: receiver, name: "email",
                        message: #""" is shorter than the minimum length 1 (it has 0 characters)"#)))
        #expect(
            coordinator.send("submit", textArguments: ["email": "ada@example.com.very.long"])
                == StepResult(
                    .rejected,
                    .constraintViolated(
                        receiver: receiver, name: "email",
                        message:
                            #""ada@example.com.very.long" is longer than the maximum length 20 (it has 25 characters)"#)
                ))
        #expect(
            coordinator.send("submit", textArguments: ["email": "ada at home"])
                == StepResult(
                    .rejected,
                    .constraintViolated(
                        receiver: receiver, name: "email",
                        message: #""ada at home" does not match the pattern "[^@ ]+@[^@ ]+""#)))
        // The pattern matches the whole value, not a part of it.
        #expect(coordinator.send("submit", textArguments: ["email": "a@b c"]).status == .rejected)
        host.checks = ["emailKnown": ["ada@example.com": false]]
        #expect(
            coordinator.send("submit", textArguments: ["email": "ada@example.com"])
                == StepResult(
                    .rejected,
                    .checkFailed(
                        receiver: receiver, name: "email", check: "emailKnown", value: .string("ada@example.com"))))
        #expect(coordinator.screens == ["signIn.form"])
        #expect(coordinator.send("submit", textArguments: ["email": "éa@b"]) == .applied)
        #expect(coordinator.send("verify", textArguments: ["code": "12345"]).status == .rejected)
        #expect(coordinator.send("verify", textArguments: ["code": "1234"]) == .applied)
        #expect(coordinator.status == .finished(outcome: "signedIn"))
    }

    @Test func rootArgumentsRunConstraintsAndChecks() throws {
        let host = TestHost()
        let guarded = """
            flow: guarded
            params: { account: { type: string, minLength: 2, check: accountOpen } }
            start: home
            screens: { home: {} }
            """
        let guardedBundle = try Fixtures.bundle([guarded])
        host.checks = ["accountOpen": ["ab": false]]
        #expect(
            throws: FlowRuntimeError.checkFailed(
                receiver: "flow 'guarded'", name: "account", check: "accountOpen", value: .string("ab"))
        ) {
            try FlowCoordinator(
                bundle: guardedBundle, flow: "guarded", arguments: ["account": .string("ab")], host: host.host)
        }
        #expect(
            throws: FlowRuntimeError.constraintViolated(
                receiver: "flow 'guarded'", name: "account",
                message: #""a" is shorter than the minimum length 2 (it has 1 character)"#)
        ) {
            try FlowCoordinator(
                bundle: guardedBundle, flow: "guarded", arguments: ["account": .string("a")], host: host.host)
        }
    }
}
