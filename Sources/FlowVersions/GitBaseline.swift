import Foundation

/// The flows of a git revision, for `flowc diff --baseline git:REF`: the named paths as they are in that
/// revision, written by `git archive` into a new temporary folder and unpacked there with `tar`.
package enum GitBaseline {
    /// Why the revision's flows could not be read: the command that failed and what it printed.
    package struct Failure: Error, CustomStringConvertible {
        package var description: String
    }

    /// What ``extract(_:revision:)`` wrote: the new folder (a copy of the repository's tree, as far as the
    /// paths go), the same paths inside it, and the repository's root, which the folder stands for.
    package struct Extracted {
        package var folder: String
        package var paths: [String]
        package var repositoryRoot: String

        /// Where `path` (absolute, in the working tree) lies in the extracted copy; nil outside the repository.
        package func extractedPath(of path: String) -> String? {
            if path == repositoryRoot { return folder }
            guard path.hasPrefix(repositoryRoot + "/") else { return nil }
            return folder + path.dropFirst(repositoryRoot.count)
        }
    }

    /// Writes `paths` (files or folders of the working tree's repository) as they are in `revision` into a new
    /// folder under the temporary folder.
    /// - Throws: ``Failure`` when the working folder is not in a git repository, the revision is unknown, a
    ///   path is not in it, or `git`/`tar` cannot be run. A revision that starts with `-` is refused (it would
    ///   be read as an option).
    package static func extract(_ paths: [String], revision: String) throws(Failure) -> Extracted {
        guard !revision.isEmpty, !revision.hasPrefix("-") else {
            throw Failure(
                description: "'\(revision)' is not a git revision; write --baseline git:REF, such as git:origin/main")
        }
        let top = try run("git", ["rev-parse", "--show-toplevel"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let root = URL(fileURLWithPath: top).resolvingSymlinksInPath().path
        var relative: [String] = []
        for path in paths {
            let absolute = URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
            guard absolute == root || absolute.hasPrefix(root + "/") else {
                throw Failure(description: "'\(path)' is outside the git repository at '\(top)'")
            }
            relative.append(absolute == root ? "." : String(absolute.dropFirst(root.count + 1)))
        }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("flowc-baseline-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
            .path
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "cannot create '\(folder)': \(error.localizedDescription)")
        }
        let archive = folder + "/baseline.tar"
        _ = try run("git", ["-C", root, "archive", "--format=tar", "-o", archive, revision, "--"] + relative)
        _ = try run("tar", ["-xf", archive, "-C", folder])
        try? FileManager.default.removeItem(atPath: archive)
        return Extracted(
            folder: folder, paths: relative.map { $0 == "." ? folder : folder + "/" + $0 }, repositoryRoot: root)
    }

    /// Removes a folder ``extract(_:revision:)`` made.
    package static func remove(_ folder: String) { try? FileManager.default.removeItem(atPath: folder) }

    /// Runs `tool` (found on `PATH`) with `arguments`; its standard output.
    private static func run(_ tool: String, _ arguments: [String]) throws(Failure) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            throw Failure(description: "cannot run '\(tool)': \(error.localizedDescription)")
        }
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = String(decoding: err, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(
                description:
                    "'\(([tool] + arguments).joined(separator: " "))' failed (exit \(process.terminationStatus)): \(message)"
            )
        }
        return String(decoding: out, as: UTF8.self)
    }
}
