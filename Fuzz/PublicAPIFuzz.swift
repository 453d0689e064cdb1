// libFuzzer entry point of fuzz target (d), `api`; the checks are in
// Tests/FlowRuntimeTests/Fuzzing/PublicAPIFuzzHarness.swift (with RuntimeFuzzHarness.swift, whose input
// layout it shares). Built and run by scripts/fuzz.sh (docs/FUZZING.md); not part of the Swift package.

@_cdecl("LLVMFuzzerTestOneInput")
public func publicAPIFuzzTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let problem = MainActor.assumeIsolated({ PublicAPIFuzzHarness.problem(bytes) }) { preconditionFailure(problem) }
    return 0
}
