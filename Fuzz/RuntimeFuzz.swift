// libFuzzer entry point of fuzz target (b); the checks are in
// Tests/FlowRuntimeTests/Fuzzing/RuntimeFuzzHarness.swift. Built and run by scripts/fuzz.sh
// (docs/FUZZING.md); not part of the Swift package.

@_cdecl("LLVMFuzzerTestOneInput")
public func runtimeFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let problem = MainActor.assumeIsolated({ RuntimeFuzzHarness.problem(bytes) }) { preconditionFailure(problem) }
    return 0
}
