/// Runs a command as a child process, the way a user runs `flowc`, and measures it from the OS:
/// wall time around `posix_spawn` … `wait4`, CPU time and peak resident memory from the child's
/// `rusage`. Standard output and error go to `/dev/null` unless `errorFile` names a file.
struct ChildProcess {
    /// What one run cost.
    struct Measure {
        /// Wall time, in milliseconds.
        var wallMs: Double
        /// User plus system CPU time of the child (all its threads), in milliseconds.
        var cpuMs: Double
        /// Peak resident set size of the child (`ru_maxrss`), in KiB.
        var maxRSSKiB: Int
        /// The exit status (or 128 + signal).
        var status: Int32

        var maxRSSMiB: Double { Double(maxRSSKiB) / 1024 }
    }

    /// Spawns `arguments[0]` (a path) with `arguments`, waits for it and returns its measure;
    /// nil when it could not be started.
    static func run(_ arguments: [String], errorFile: String? = nil) -> Measure? {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorFile ?? "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o644)

        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let clock = ContinuousClock()
        let started = clock.now
        guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return nil }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 {
            guard errno == EINTR else { return nil }
        }
        let wall = clock.now - started
        func ms(_ time: timeval) -> Double { Double(time.tv_sec) * 1e3 + Double(time.tv_usec) / 1e3 }
        let signal = status & 0x7f
        return Measure(
            wallMs: Double(wall.components.seconds) * 1e3 + Double(wall.components.attoseconds) / 1e15,
            cpuMs: ms(usage.ru_utime) + ms(usage.ru_stime),
            maxRSSKiB: Int(usage.ru_maxrss),
            status: signal == 0 ? (status >> 8) & 0xff : 128 + signal)
    }

    /// Instructions executed by `arguments` under `valgrind --tool=callgrind` (all threads), from the
    /// "Collected" line of its log; nil when valgrind is missing or the run failed.
    static func instructions(_ arguments: [String], scratch: String) -> Int? {
        let log = scratch + "/callgrind.log"
        let valgrind = ["/usr/bin/valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", "--log-file=" + log]
        guard let measure = run(valgrind + arguments), measure.status == 0 || measure.status == 1,
            let text = try? String(contentsOfFile: log, encoding: .utf8)
        else { return nil }
        for line in text.split(separator: "\n") where line.contains("Collected :") {
            return Int(line.split(separator: " ").last ?? "")
        }
        return nil
    }
}
