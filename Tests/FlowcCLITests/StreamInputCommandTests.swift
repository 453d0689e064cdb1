import Foundation
import Testing

/// Every file flowc reads (flow files, a bundle, a script) may be a regular file, a pipe, a FIFO,
/// `/dev/stdin`, `/dev/null` or `-`; each is read once and bounded (docs/LIMITS.md). These run real
/// pipelines of processes and real FIFOs.
@Suite struct StreamInputCommandTests {
    /// Runs `commands` as a shell pipeline would, each one's standard output feeding the next one's
    /// standard input through a pipe; returns the last one's output. A command is `flowc` arguments,
    /// or a program's path followed by its arguments when the first word starts with `/`.
    static func pipeline(_ commands: [[String]], in folder: String = FlowcProcess.packageRoot) throws
        -> FlowcProcess.Output
    {
        var processes: [Process] = []
        var previous: Pipe?
        let stdout = Pipe()
        let stderr = Pipe()
        for (index, command) in commands.enumerated() {
            let process = Process()
            if command[0].hasPrefix("/") {
                process.executableURL = URL(fileURLWithPath: command[0])
                process.arguments = Array(command.dropFirst())
            } else {
                process.executableURL = FlowcProcess.executable
                process.arguments = command
            }
            process.currentDirectoryURL = URL(fileURLWithPath: folder)
            process.environment = ["PATH": "/usr/bin:/bin", "NO_COLOR": "1"]
            process.standardInput = previous ?? FileHandle.nullDevice
            if index == commands.count - 1 {
                process.standardOutput = stdout
                process.standardError = stderr
            } else {
                let pipe = Pipe()
                process.standardOutput = pipe
                process.standardError = FileHandle.nullDevice
                previous = pipe
            }
            try process.run()
            processes.append(process)
        }
        // Close this process's copies of the pipes between commands, so each sees end of file.
        for process in processes.dropLast() {
            try (process.standardOutput as? Pipe)?.fileHandleForWriting.close()
            try (process.standardOutput as? Pipe)?.fileHandleForReading.close()
        }
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        for process in processes { process.waitUntilExit() }
        return FlowcProcess.Output(
            status: processes.last!.terminationStatus, standardOutput: String(decoding: out, as: UTF8.self),
            standardError: String(decoding: err, as: UTF8.self))
    }

    /// Makes a FIFO at `path` and starts `/bin/sh -c "cat SOURCE > FIFO"`, which blocks until flowc
    /// opens the FIFO to read it.
    static func feedFIFO(_ path: String, from source: String) throws -> Process {
        #expect(mkfifo(path, 0o644) == 0)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/bin/sh")
        writer.arguments = ["-c", "cat \"$0\" > \"$1\"", source, path]
        writer.currentDirectoryURL = URL(fileURLWithPath: FlowcProcess.packageRoot)
        try writer.run()
        return writer
    }

    @Test func compiledBundlePipesIntoInspectAndRun() throws {
        let direct = try FlowcProcess.run(["inspect", "Flows"])
        #expect(direct.status == 0)
        let piped = try Self.pipeline([["compile", "Flows", "-o", "-"], ["inspect", "-"]])
        #expect(piped.status == 0)
        #expect(piped.standardError == "")
        #expect(piped.standardOutput == direct.standardOutput)

        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("app.flowbundle").path
        #expect(try FlowcProcess.run(["compile", "Flows", "-o", bundle]).status == 0)
        // `/dev/stdin` is a pipe here: the header is not sniffed and then read again.
        let throughDevStdin = try Self.pipeline([["/bin/cat", bundle], ["inspect", "/dev/stdin"]])
        #expect(throughDevStdin.status == 0)
        #expect(throughDevStdin.standardOutput == direct.standardOutput)

        let expected = try String(
            contentsOfFile: FlowcProcess.packageRoot + "/docs/examples/reading.trace.jsonl", encoding: .utf8)
        let run = try Self.pipeline([
            ["/bin/cat", bundle], ["run", "-", "--flow", "reading", "--script", "docs/examples/reading.flowscript"],
        ])
        #expect(run.status == 0)
        #expect(run.standardOutput == expected)
    }

    @Test func flowFilesFromAPipeAreValidatedFromTheBytesRead() throws {
        let direct = try FlowcProcess.run(["inspect", "Flows/onboarding.yaml"])
        #expect(direct.status == 0)
        let piped = try Self.pipeline([["/bin/cat", "Flows/onboarding.yaml"], ["inspect", "-"]])
        #expect(piped.status == 0)
        #expect(piped.standardOutput == direct.standardOutput)
        // Errors name standard input as `<stdin>`.
        let broken = try Self.pipeline([["/bin/cat", "Tests/Fixtures/invalid/unknown-flow.yaml"], ["inspect", "-"]])
        #expect(broken.status == 1)
        #expect(
            broken.standardError.hasPrefix("<stdin>:8:17: error: unknown flow 'editing' for child 'edit' [FC206]\n"))
    }

    @Test func scriptsFromDevicesPipesAndFIFOs() throws {
        let empty = try FlowcProcess.run(["run", "Flows", "--flow", "reading", "--script", "/dev/null"])
        #expect(empty.status == 0)
        #expect(empty.standardOutput == "")
        #expect(empty.standardError == "")

        let start =
            #"{"command":"start","coordinator":"running","instances":{"arguments":{},"children":[],"flow":"reading","id":1},"line":1,"path":[{"arguments":{},"flow":"reading","instance":1,"screen":"library","token":1}],"status":"applied"}"#
            + "\n"
        for name in ["-", "/dev/stdin"] {
            let result = try FlowcProcess.run(
                ["run", "Flows", "--flow", "reading", "--script", name], input: "start\n")
            #expect(result.status == 0)
            #expect(result.standardOutput == start)
        }

        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("script.flowscript")
        try Data("start\n".utf8).write(to: source)
        let fifo = folder.appendingPathComponent("script.fifo").path
        let writer = try Self.feedFIFO(fifo, from: source.path)
        let fromFIFO = try FlowcProcess.run(["run", "Flows", "--flow", "reading", "--script", fifo])
        writer.waitUntilExit()
        #expect(fromFIFO.status == 0)
        #expect(fromFIFO.standardOutput == start)
    }

    @Test func bundleFromAFIFO() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bundle = folder.appendingPathComponent("app.flowbundle").path
        #expect(try FlowcProcess.run(["compile", "Flows", "-o", bundle]).status == 0)
        let fifo = folder.appendingPathComponent("bundle.fifo").path
        let writer = try Self.feedFIFO(fifo, from: bundle)
        let inspected = try FlowcProcess.run(["inspect", fifo])
        writer.waitUntilExit()
        #expect(inspected.status == 0)
        #expect(inspected.standardOutput == (try FlowcProcess.run(["inspect", bundle])).standardOutput)
    }

    @Test func scriptReadFailuresSayTheCause() throws {
        let missing = try FlowcProcess.run(["run", "Flows", "--flow", "reading", "--script", "no-such.flowscript"])
        #expect(missing.status == 2)
        #expect(
            missing.standardError
                == "flowc: error: cannot read script 'no-such.flowscript': no such file or directory\n")
        let folder = try FlowcProcess.run(["run", "Flows", "--flow", "reading", "--script", "Flows"])
        #expect(folder.status == 2)
        #expect(folder.standardError == "flowc: error: cannot read script 'Flows': it is a folder, not a file\n")
        let both = try FlowcProcess.run(["run", "-", "--flow", "reading"], input: "start\n")
        #expect(both.status == 2)
        #expect(
            both.standardError
                == "flowc: error: the script and the flows ('-') both come from standard input, which can be read once; give the script with '--script FILE' or the flows as a file\n"
        )
    }

    /// Scripts stop at 64 MiB, bundles at 256 MiB: a regular file is refused from its size (these are
    /// sparse files, never written out), a stream one byte past the limit.
    @Test func scriptAndBundleLimits() throws {
        let folder = try FlowcProcess.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("huge.flowscript").path
        #expect(FileManager.default.createFile(atPath: script, contents: Data("start\n".utf8)))
        #expect(truncate(script, 64 << 20 + 1) == 0)
        let tooLong = try FlowcProcess.run(["run", "Flows", "--flow", "reading", "--script", script])
        #expect(tooLong.status == 2)
        #expect(tooLong.standardOutput == "")
        #expect(
            tooLong.standardError
                == "flowc: error: cannot read script '\(script)': the script is 67108865 bytes, more than the limit of 67108864 bytes; split it into smaller scripts\n"
        )

        let endless = try FlowcProcess.run(["run", "Flows", "--flow", "reading", "--script", "/dev/zero"])
        #expect(endless.status == 2)
        #expect(
            endless.standardError
                == "flowc: error: cannot read script '/dev/zero': the script is more than the limit of 67108864 bytes (reading stopped there); split it into smaller scripts\n"
        )

        let bundle = folder.appendingPathComponent("huge.flowbundle").path
        #expect(FileManager.default.createFile(atPath: bundle, contents: Data("flowc-bundle 5\n".utf8)))
        #expect(truncate(bundle, 256 << 20 + 1) == 0)
        let tooLarge = try FlowcProcess.run(["inspect", bundle])
        #expect(tooLarge.status == 2)
        #expect(
            tooLarge.standardError
                == "flowc: error: cannot read '\(bundle)': the bundle is 268435457 bytes, more than the limit of 268435456 bytes; check that this is a bundle flowc wrote\n"
        )
    }
}
