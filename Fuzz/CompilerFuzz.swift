// libFuzzer entry point of fuzz target (a); the checks are in
// Tests/FlowCompilerTests/Fuzzing/CompilerFuzzHarness.swift. Built and run by scripts/fuzz.sh
// (docs/FUZZING.md); not part of the Swift package.

@_cdecl("LLVMFuzzerTestOneInput")
public func compilerFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let problems = CompilerFuzzHarness.problems(Array(UnsafeBufferPointer(start: data, count: size)))
    precondition(problems.isEmpty, problems.joined(separator: "\n"))
    return 0
}
