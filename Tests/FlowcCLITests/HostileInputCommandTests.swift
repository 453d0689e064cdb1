import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Hostile and unusual inputs on the command line: nothing is skipped without a word, and
/// every I/O failure names the path and says what went wrong.
@Suite struct HostileInputCommandTests {
    private func folder() throws -> String { try FlowcProcess.temporaryFolder().path }

    private func write(_ text: String, to path: String) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// Creates a file whose name holds raw bytes (not necessarily UTF-8) in `folder`.
    private func createRaw(_ name: [UInt8], in folder: String, text: String) {
        let path = Array(folder.utf8) + [UInt8(ascii: "/")] + name
        let descriptor = open(path.map { CChar(bitPattern: $0) } + [0], O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        _ = text.utf8CString.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, text.utf8.count) }
        close(descriptor)
    }

    private let edit =
        "flow: edit\nstart: editor\noutcomes: [saved]\nscreens:\n  editor: { on: { save: { finish: saved } } }\n"

    @Test func aFileOverTheLimitIsRefusedFromItsSize() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // A sparse 1 GiB file: refused from its size, never read.
        let big = root + "/big.yaml"
        #expect(FileManager.default.createFile(atPath: big, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: big))
        try handle.truncate(atOffset: 1 << 30)
        try handle.close()
        let output = try FlowcProcess.run(["validate", big])
        #expect(output.status == 1)
        #expect(
            output.standardError
                == "\(big):1:1: error: file is 1073741824 bytes, more than the limit of 8388608 bytes; split it into smaller files [FC005]\n"
        )
    }

    @Test func anEndlessDeviceStopsAtTheLimit() throws {
        let output = try FlowcProcess.run(["validate", "/dev/zero"])
        #expect(output.status == 1)
        #expect(
            output.standardError
                == "/dev/zero:1:1: error: input is more than the limit of 8388608 bytes (reading stopped there); split it into smaller files [FC005]\n"
        )
    }

    @Test func dashReadsStandardInput() throws {
        let output = try FlowcProcess.run(
            ["validate", "-"], input: "flow: x\nstart: a\nscreens: { a: { on: { go: { push: b } } } }\n")
        #expect(output.status == 1)
        #expect(
            output.standardError.hasPrefix(
                "<stdin>:3:35: error: unknown screen 'b' in flow 'x'; did you mean 'a'? [FC203]\n"))
    }

    @Test func aDanglingLinkInAFolderIsAnInputError() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write(edit, to: root + "/edit.yaml")
        try FileManager.default.createSymbolicLink(atPath: root + "/gone.yaml", withDestinationPath: "nowhere.yaml")
        let output = try FlowcProcess.run(["validate", root])
        #expect(output.status == 2)
        #expect(
            output.standardError
                == "flowc: error: cannot read '\(root)/gone.yaml': it is a symbolic link to 'nowhere.yaml', which does not exist; fix or remove the link\n"
        )
        let named = try FlowcProcess.run(["validate", root + "/gone.yaml"])
        #expect(named.status == 2)
        #expect(named.standardError == output.standardError)
    }

    @Test func aSymbolicLinkLoopIsNamedAsOne() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write(edit, to: root + "/edit.yaml")
        try FileManager.default.createSymbolicLink(atPath: root + "/loop.yaml", withDestinationPath: "loop.yaml")
        let message =
            "flowc: error: cannot read '\(root)/loop.yaml': too many levels of symbolic links (a symbolic link loop); fix or remove the link\n"
        for arguments in [["validate", root], ["validate", root + "/loop.yaml"]] {
            let output = try FlowcProcess.run(arguments)
            #expect(output.status == 2)
            #expect(output.standardError == message)
        }
    }

    @Test func aFIFONamedLikeAFlowInAFolderIsAnInputError() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write(edit, to: root + "/edit.yaml")
        #expect(mkfifo(root + "/pipe.yaml", 0o644) == 0)
        let output = try FlowcProcess.run(["validate", root])
        #expect(output.status == 2)
        #expect(
            output.standardError
                == "flowc: error: cannot read '\(root)/pipe.yaml': it is a FIFO (named pipe), not a regular file; in folders flowc reads regular files only: name it directly to read it, or rename or remove it\n"
        )
    }

    @Test func aFlowFileNameThatIsNotUTF8IsAnInputError() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        // The only flow of the folder, and an invalid one: it must not pass as "no problems".
        createRaw(Array("bad".utf8) + [0xFF] + Array(".yaml".utf8), in: root, text: "flow: bad\n")
        let output = try FlowcProcess.run(["validate", root])
        #expect(output.status == 2)
        #expect(
            output.standardError
                == "flowc: error: cannot read '\(root)/bad\\xFF.yaml': the file name is not valid UTF-8 (bytes shown as \\xHH); flowc needs UTF-8 paths to report locations: rename it\n"
        )
        // Named directly (through a shell, since a Swift string cannot hold the byte).
        let named = try FlowcProcess.run(
            ["-c", "exec \"$0\" validate \"$(printf '\(root)/bad\\377.yaml')\"", FlowcProcess.executable.path],
            executable: URL(fileURLWithPath: "/bin/sh"))
        #expect(named.status == 2)
        #expect(
            named.standardError
                == "flowc: error: the argument '\(root)/bad\\xFF.yaml' is not valid UTF-8 (bytes shown as \\xHH); flowc needs UTF-8 paths to report locations: rename the file\n"
        )
    }

    @Test(.enabled(if: geteuid() != 0, "root reads any folder"))
    func anUnreadableSubfolderIsAnInputError() throws {
        let root = try folder()
        defer {
            chmod(root + "/locked", 0o755)
            try? FileManager.default.removeItem(atPath: root)
        }
        try write(edit, to: root + "/edit.yaml")
        try FileManager.default.createDirectory(atPath: root + "/locked", withIntermediateDirectories: false)
        try write(edit, to: root + "/locked/other.yaml")
        chmod(root + "/locked", 0)
        let output = try FlowcProcess.run(["validate", root])
        #expect(output.status == 2)
        #expect(
            output.standardError
                == "flowc: error: cannot read '\(root)/locked': the folder cannot be listed: permission denied; check the permissions of the file and of the folders above it\n"
        )
    }

    /// `paths --output` and `view --out` are checked before the flows are explored (breaker r15: a file given
    /// as `paths --output` was refused only after the whole exploration, minutes on a real app, with
    /// Foundation's "The operation could not be completed. A file with the same name already exists.").
    /// `--flow nope` shows the order: the folder is refused before the flow is looked up. Nothing is written.
    @Test func pathsAndViewSayWhyTheOutputCannotBeWrittenBeforeExploring() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write(edit, to: root + "/edit.yaml")
        let file = root + "/edit.yaml"
        let paths = try FlowcProcess.run([
            "paths", root, "--flow", "nope", "--cover", "screens", "--output", file,
        ])
        #expect(paths.status == 2)
        #expect(paths.standardOutput == "")
        #expect(
            paths.standardError
                == "flowc: error: cannot make the folder '\(file)': it is a file, not a folder; name a folder (it is made if missing) or remove the file\n"
        )
        let cases = [
            (root, "it is a folder, not a file"),
            (root + "/missing/page.html", "its folder does not exist; create the folder or write elsewhere"),
            (file + "/page.html", "a part of the path is a file, not a folder"),
        ]
        for (output, reason) in cases {
            let view = try FlowcProcess.run(["view", root, "--check", "--out", output])
            #expect(view.status == 2)
            #expect(view.standardOutput == "")
            #expect(view.standardError == "flowc: error: cannot write '\(output)': \(reason)\n")
        }
        #expect(try String(contentsOfFile: file, encoding: .utf8) == edit)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root) == ["edit.yaml"])
    }

    /// `paths --output` is checked before the exploration but made only once there are paths to write: a run
    /// whose flows fail, or whose flow is not found, leaves no empty folder behind (round 15's review); a
    /// folder under a file is refused before anything is read; a folder that is made gets the scripts.
    @Test func pathsMakesItsOutputFolderOnlyToWriteIntoIt() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write(edit, to: root + "/edit.yaml")
        try write("flow: broken\nstart: nowhere\nscreens:\n  home: {}\n", to: root + "/broken.yaml")
        let output = root + "/out/deeper"
        let failing = try FlowcProcess.run(["paths", root, "--flow", "edit", "--cover", "screens", "--output", output])
        #expect(failing.status == 1)
        #expect(failing.standardOutput == "")
        #expect(
            failing.standardError.contains(
                "\n\(root)/broken.yaml:2:8: error: 'nowhere' is neither a screen nor a child of flow 'broken' [FC205]\n"
            ))
        #expect(failing.standardError.hasSuffix("flowc: error: the flows have errors; fix them first\n"))
        let unknown = try FlowcProcess.run([
            "paths", root + "/edit.yaml", "--flow", "nope", "--cover", "screens", "--output", output,
        ])
        #expect(unknown.status == 2)
        #expect(unknown.standardError == "flowc: error: no flow named 'nope' in the given paths\n")
        let underAFile = try FlowcProcess.run([
            "paths", root + "/edit.yaml", "--flow", "edit", "--cover", "screens", "--output",
            root + "/edit.yaml/out",
        ])
        #expect(underAFile.status == 2)
        #expect(
            underAFile.standardError
                == "flowc: error: cannot make the folder '\(root)/edit.yaml/out': a part of the path is a file, not a folder\n"
        )
        let empty = try FlowcProcess.run([
            "paths", root + "/edit.yaml", "--flow", "edit", "--cover", "screens", "--output", "",
        ])
        #expect(empty.status == 2)
        #expect(
            empty.standardError
                == "flowc: error: cannot make the folder '': an empty path names no folder; name a folder (it is made if missing)\n"
        )
        #expect(try FileManager.default.contentsOfDirectory(atPath: root).sorted() == ["broken.yaml", "edit.yaml"])
        let written = try FlowcProcess.run([
            "paths", root + "/edit.yaml", "--flow", "edit", "--cover", "screens", "--output", output,
        ])
        #expect(written.status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: output) == ["01-screen-edit.editor.flowscript"])
    }

    @Test func compileSaysWhyTheOutputCannotBeWritten() throws {
        let root = try folder()
        defer { try? FileManager.default.removeItem(atPath: root) }
        try write(edit, to: root + "/edit.yaml")
        let cases = [
            ("/dev/full", "no space left on the device; free some space or write elsewhere"),
            (root, "it is a folder, not a file"),
            (root + "/missing/out.flowbundle", "its folder does not exist; create the folder or write elsewhere"),
        ]
        for (output, reason) in cases {
            let result = try FlowcProcess.run(["compile", root + "/edit.yaml", "-o", output])
            #expect(result.status == 2)
            #expect(result.standardError.hasSuffix("flowc: error: cannot write '\(output)': \(reason)\n"))
        }
        let toStandardOutput = try FlowcProcess.run(["compile", root + "/edit.yaml", "-o", "-"])
        #expect(toStandardOutput.status == 0)
        #expect(toStandardOutput.standardOutput.hasPrefix("flowc-bundle "))
        #expect(toStandardOutput.standardError.contains("compiled 1 flow to - (content hash "))
    }
}
