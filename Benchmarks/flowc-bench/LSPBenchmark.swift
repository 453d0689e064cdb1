import FlowLanguageServer
import Foundation

/// `flowc-bench lsp [--edits N] [--screens N] [--files N] [--flows DIR] [--callgrind] [--flowc PATH]`: drives `flowc lsp`
/// as an editor does, over pipes: `initialize`, `didOpen` of one file, then N incremental `didChange`s
/// that alternately break and mend one `push:` target (an unknown screen, then the right one again), each
/// sent once the previous one's diagnostics arrived. It prints, per workspace, the time from writing a
/// `didChange` to reading the `publishDiagnostics` for that version (median, 95th percentile, maximum)
/// the server's CPU time per edit (/proc/PID/stat: user and system, all threads: the figure that the load
/// of a shared machine does not inflate), and its resident memory (`VmRSS`) after the first 10 edits and
/// after all N.
///
/// Workspaces: the generated app (``AppGenerator``: 2,000 screens in 100 files by default, plus
/// `edit.yaml`), editing `part00.yaml`; and `Flows/` (or `--flows DIR`), editing its first file with a `push:`.
/// Goals (issues 23 and 34; docs/PERFORMANCE.md): median ≤ 30 ms and p95 ≤ 60 ms on the generated app at
/// 10,000 screens (`--screens 10000`), ≤ 10 ms on `Flows/`, memory flat over the edits.
///
/// `--callgrind` adds, per workspace, the instructions the server executes per edit (all threads) under
/// `valgrind --tool=callgrind`: the figure the machine's load does not change. The server is run twice, with
/// 10 and with 30 edits, and the difference is divided by 20, so start-up and the first (cold) check drop out.
enum LSPBenchmark {
    static func run(_ arguments: [String]) -> Int32 {
        guard let edits = Bench.intOption("--edits", in: arguments, default: 1_000),
            let screens = Bench.intOption("--screens", in: arguments, default: 2_000),
            let fileCount = Bench.intOption("--files", in: arguments, default: 100), edits >= 20
        else {
            print(
                "usage: flowc-bench lsp [--edits N (≥ 20)] [--screens N] [--files N] [--flows DIR] [--callgrind]"
                    + " [--flowc PATH]")
            return 64
        }
        let flowc = ProcessSeries.flowcPath(arguments)
        let scratch = ProcessSeries.scratchFolder("lsp")
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let app = scratch + "/app"
        _ = ProcessSeries.write(AppGenerator.app(screens: screens, files: fileCount), into: app)
        let flows = ProcessSeries.stringOption("--flows", in: arguments) ?? "Flows"
        let flowsFolder = URL(fileURLWithPath: flows).standardizedFileURL.path
        let flowsFile = (try? FileManager.default.contentsOfDirectory(atPath: flowsFolder))?.sorted().first { name in
            name.hasSuffix(".yaml")
                && ((try? String(contentsOfFile: flowsFolder + "/" + name, encoding: .utf8))?.contains("push: ")
                    ?? false)
        }
        print(ProcessSeries.loadLine())
        print("\(edits) edits per workspace, each sent once the previous diagnostics arrived; times in ms")
        var failed = false
        let workspaces = [
            ("generated: \(screens) screens in \(fileCount) files", app, app + "/part00.yaml"),
            ("\(flows)", flowsFolder, flowsFolder + "/" + (flowsFile ?? "none.yaml")),
        ]
        for (label, root, file) in workspaces {
            guard let report = measure(flowc: flowc, root: root, file: file, edits: edits, cache: scratch + "/cache")
            else {
                print("\(label): the server did not answer as expected")
                failed = true
                continue
            }
            print(
                "\(label): didChange → publishDiagnostics median \(Bench.format(report.median, 2)), p95 \(Bench.format(report.p95, 2)), max \(Bench.format(report.maximum, 2)); server CPU \(Bench.format(report.cpuPerEdit, 2)) per edit;"
                    + " VmRSS \(report.memoryAfterWarmUp / 1024) MiB after 10 edits, \(report.memoryAfterAll / 1024) MiB after \(edits)"
            )
        }
        if arguments.contains("--callgrind") {
            print("callgrind instructions per edit (all threads; 30 edits less 10, divided by 20):")
            for (label, root, file) in workspaces {
                guard
                    let few = instructions(
                        flowc: flowc, root: root, file: file, edits: 10, cache: scratch + "/cache", scratch: scratch),
                    let many = instructions(
                        flowc: flowc, root: root, file: file, edits: 30, cache: scratch + "/cache", scratch: scratch)
                else {
                    print("\(label): the run under valgrind failed (is valgrind installed?)")
                    failed = true
                    continue
                }
                print("\(label): \((many - few) / 20) instructions per didChange → publishDiagnostics")
            }
        }
        return failed ? 1 : 0
    }

    /// The instructions `flowc lsp` executes under callgrind while it starts, opens `file` and checks
    /// `edits` edits (all threads, from the "Collected" line of valgrind's log); nil when the run failed.
    static func instructions(flowc: String, root: String, file: String, edits: Int, cache: String, scratch: String)
        -> Int?
    {
        let log = scratch + "/lsp-callgrind.log"
        try? FileManager.default.removeItem(atPath: log)
        let valgrind = ["/usr/bin/valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "--log-file=" + log]
        guard measure(flowc: flowc, root: root, file: file, edits: edits, cache: cache, prefix: valgrind) != nil,
            let text = try? String(contentsOfFile: log, encoding: .utf8)
        else { return nil }
        for line in text.split(separator: "\n") where line.contains("Collected :") {
            return Int(line.split(separator: " ").last ?? "")
        }
        return nil
    }

    struct Report {
        var median: Double
        var p95: Double
        var maximum: Double
        /// Resident memory in KiB.
        var memoryAfterWarmUp: Int
        var memoryAfterAll: Int
        /// The server's CPU time per edit (user and system, all threads), in milliseconds.
        var cpuPerEdit: Double
    }

    /// A `flowc lsp` child with pipes, read frame by frame.
    final class Server {
        let process = Process()
        let input = Pipe()
        let output = Pipe()
        var framing = MessageFraming()
        var chunk = [UInt8](repeating: 0, count: 1 << 16)

        /// - Parameter prefix: a command the server runs under (valgrind), with its arguments; none by default.
        init?(flowc: String, cache: String, prefix: [String] = []) {
            process.executableURL = URL(fileURLWithPath: prefix.first ?? flowc)
            process.arguments = prefix.dropFirst() + (prefix.isEmpty ? [] : [flowc]) + ["lsp"]
            var environment = ProcessInfo.processInfo.environment
            environment["XDG_CACHE_HOME"] = cache
            process.environment = environment
            process.standardInput = input
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { return nil }
        }

        func send(_ message: JSONValue) {
            input.fileHandleForWriting.write(Data(MessageFraming.frame(message.encoded())))
        }

        /// The next message the server sends, or nil when it closed its output.
        func next() -> JSONValue? {
            while true {
                if let frame = framing.next() {
                    guard case .message(let body) = frame, let value = try? JSONValue.decode(body) else { continue }
                    return value
                }
                let count = chunk.withUnsafeMutableBytes {
                    read(output.fileHandleForReading.fileDescriptor, $0.baseAddress, $0.count)
                }
                guard count > 0 else { return nil }
                framing.append(chunk[0..<count])
            }
        }

        /// Reads until `accept` holds for a message.
        func wait(for accept: (JSONValue) -> Bool) -> Bool {
            while let message = next() { if accept(message) { return true } }
            return false
        }

        /// CPU time the server has used, user and system, in milliseconds (/proc/PID/stat), 0 where it
        /// cannot be read.
        var cpuMilliseconds: Double {
            guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return 0 }
            // After "pid (name)": state is field 3; utime and stime are fields 14 and 15.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
            return (user + system) * 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
        }

        /// Resident memory in KiB (`VmRSS` of /proc/PID/status), 0 where it cannot be read.
        var residentKiB: Int {
            guard
                let status = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
            else { return 0 }
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
    }

    static func measure(flowc: String, root: String, file: String, edits: Int, cache: String, prefix: [String] = [])
        -> Report?
    {
        guard let text = try? String(contentsOfFile: file, encoding: .utf8),
            let server = Server(flowc: flowc, cache: cache, prefix: prefix)
        else { return nil }
        defer {
            server.send(["jsonrpc": "2.0", "id": 2, "method": "shutdown"])
            server.send(["jsonrpc": "2.0", "method": "exit"])
            server.process.waitUntilExit()
        }
        let uri = URL(fileURLWithPath: file).absoluteString
        server.send([
            "jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": ["rootUri": .string(URL(fileURLWithPath: root).absoluteString), "capabilities": [:]],
        ])
        guard server.wait(for: { $0["id"] == 1 }) else { return nil }
        server.send(["jsonrpc": "2.0", "method": "initialized", "params": [:]])
        server.send([
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": [
                "textDocument": ["uri": .string(uri), "languageId": "yaml", "version": 1, "text": .string(text)]
            ],
        ])
        guard server.wait(for: { isDiagnostics($0, uri: uri, version: 1) }) else { return nil }
        // The edit point: just past the first `push: NAME`, on its line (0-based, UTF-16 = ASCII here).
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let line = lines.firstIndex(where: { $0.contains("push: ") }),
            let push = lines[line].range(of: "push: ")
        else { return nil }
        let nameEnd = lines[line][push.upperBound...].prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        let column = lines[line].distance(from: lines[line].startIndex, to: push.upperBound) + nameEnd.count
        var times: [Double] = []
        var warmUp = 0
        let cpuBefore = server.cpuMilliseconds
        for edit in 0..<edits {
            let version = edit + 2
            let breaking = edit % 2 == 0
            let range: JSONValue = [
                "start": ["line": .integer(line), "character": .integer(column)],
                "end": ["line": .integer(line), "character": .integer(column + (breaking ? 0 : 1))],
            ]
            let started = DispatchTime.now().uptimeNanoseconds
            server.send([
                "jsonrpc": "2.0", "method": "textDocument/didChange",
                "params": [
                    "textDocument": ["uri": .string(uri), "version": .integer(version)],
                    "contentChanges": [["range": range, "text": .string(breaking ? "x" : "")]],
                ],
            ])
            guard server.wait(for: { isDiagnostics($0, uri: uri, version: version) }) else { return nil }
            times.append(Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6)
            if edit == 9 { warmUp = server.residentKiB }
        }
        let sorted = times.sorted()
        return Report(
            median: Bench.median(times), p95: sorted[min(sorted.count - 1, sorted.count * 95 / 100)],
            maximum: sorted.last ?? 0, memoryAfterWarmUp: warmUp, memoryAfterAll: server.residentKiB,
            cpuPerEdit: (server.cpuMilliseconds - cpuBefore) / Double(edits))
    }

    static func isDiagnostics(_ message: JSONValue, uri: String, version: Int) -> Bool {
        message["method"] == "textDocument/publishDiagnostics" && message["params"]["uri"].string == uri
            && message["params"]["version"].integer == version
    }
}
