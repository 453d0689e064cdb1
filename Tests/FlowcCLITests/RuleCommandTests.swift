import Foundation
import Testing

/// `flowc rules` and `flowc explain`.
@Suite struct RuleCommandTests {
    @Test func rulesListsEveryCodeOnce() throws {
        let output = try FlowcProcess.run(["rules"])
        #expect(output.status == 0)
        let lines = output.standardOutput.split(separator: "\n")
        let codes = lines.map { String($0.prefix(5)) }
        #expect(codes == codes.sorted())
        #expect(Set(codes).count == codes.count)
        #expect(lines.contains { $0.hasPrefix("FC203  error    unknown-screen") })
        // Every code of every stage: flowc check's and flowc diff's too.
        #expect(codes.filter { $0.hasPrefix("FC8") } == (1...14).map { String(format: "FC8%02d", $0) })
        #expect(codes.filter { $0.hasPrefix("FC9") } == (1...6).map { String(format: "FC9%02d", $0) })
        #expect(
            lines.contains {
                $0
                    == "FC811  warning  link-goes-nowhere              a deep link is refused in every explored state, before and after start"
            })
    }

    /// `flowc explain FC812`: a guarantee's code, its summary, explanation and who reports it.
    @Test func explainDescribesAGuarantee() throws {
        let output = try FlowcProcess.run(["explain", "FC812"])
        #expect(output.status == 0)
        #expect(
            output.standardOutput == """
                FC812 kept-tab-dropped-silently (error): a kept tab left with its stack without being reported (guarantee 7: no stack is dropped without a word)

                flowc check explores every state the coordinator reaches from a new coordinator and checks this guarantee of docs/RUNNING.md ("Guarantees") on every step. A broken guarantee is a fault of the runtime, not of the flows: it is reported as an error at the screen shown before the breaking step, with the guarantee as it is stated and a 'flowc run' script that reproduces it.

                Reported by flowc check, exploring every reachable state (FlowExplorer).


                """)
        for code in ["FC901", "FC902", "FC903", "FC904", "FC905", "FC906", "saved-state-breaks"] {
            let diff = try FlowcProcess.run(["explain", code])
            #expect(diff.status == 0, "explain \(code)")
            #expect(diff.standardOutput.contains("Reported by flowc diff, comparing two versions"), "\(code)")
        }
    }

    @Test func explainCoversEveryListedCode() throws {
        let codes = try FlowcProcess.run(["rules"]).standardOutput.split(separator: "\n").map { String($0.prefix(5)) }
        for code in codes {
            let output = try FlowcProcess.run(["explain", code])
            #expect(output.status == 0, "explain \(code)")
            #expect(output.standardOutput.hasPrefix(code + " "), "explain \(code)")
            // The codes of flowc check and flowc diff have their examples in test fixtures, not in the text.
            if !code.hasPrefix("FC8"), !code.hasPrefix("FC9") {
                #expect(output.standardOutput.contains("Does not trigger:"), "explain \(code)")
            }
        }
    }

    @Test func explainByIdentifierAndErrors() throws {
        let byName = try FlowcProcess.run(["explain", "unknown-screen"])
        #expect(
            byName.standardOutput.hasPrefix(
                "FC203 unknown-screen (error): an action names a screen the flow does not declare\n"))
        #expect(byName.standardOutput.contains("select: { push: ↓detials }"))
        let unknown = try FlowcProcess.run(["explain", "FC999"])
        #expect(unknown.status == 2)
        #expect(unknown.standardError == "flowc: error: no rule 'FC999'; 'flowc rules' lists them\n")
        let none = try FlowcProcess.run(["explain"])
        #expect(none.status == 2)
        let extra = try FlowcProcess.run(["rules", "x"])
        #expect(extra.status == 2)
    }
}
