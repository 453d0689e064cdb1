// libFuzzer entry point of fuzz target (c), the language server's message reader and request
// handlers; the checks are in Tests/FlowLanguageServerTests/Fuzzing/LanguageServerFuzzHarness.swift.
// Built and run by scripts/fuzz.sh (docs/FUZZING.md); not part of the Swift package.

@_cdecl("LLVMFuzzerTestOneInput")
public func languageServerFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let problems = LanguageServerFuzzHarness.problems(Array(UnsafeBufferPointer(start: data, count: size)))
    precondition(problems.isEmpty, problems.joined(separator: "\n"))
    return 0
}
