import FlowScript

/// Every state an exploration reached, in the order reached (breadth first), kept compact: a 16-byte
/// record a state (its parent, the command from it, its depth, its shown path and status), the commands
/// and the paths each stored once and named by number. A ``ReachedState`` is built when read.
/// (Memory: docs/PERFORMANCE.md, "The explorer's store"; docs/RUNNING.md, "How states are kept".)
package struct ReachedStates: RandomAccessCollection, Sendable {
    /// One state: 16 bytes.
    struct Record {
        /// The parent's index; -1 for state 0.
        var parent: Int32
        /// The command from the parent: its index in `commands` plus one; 0 for state 0.
        var command: UInt32
        /// The index of the shown path in `paths`.
        var path: UInt32
        /// The depth (low 24 bits), the status (bits 24–25) and whether a confirmation is pending (bit 26).
        var depthAndFlags: UInt32
    }

    /// The most states kept (a parent is an `Int32`).
    static let maxCount = Int(Int32.max)
    /// The deepest state kept (a depth is 24 bits).
    static let maxDepth = (1 << 24) - 1
    private static let statusNames = ["idle", "running", "stopped", "finished"]

    private var records: [Record] = []
    private var commands: [ScriptCommand] = []
    private var commandNumbers: [ScriptCommand: UInt32] = [:]
    private var paths: [[String]] = []
    private var pathNumbers: [[String]: UInt32] = [:]

    package init() {}

    package var startIndex: Int { 0 }
    package var endIndex: Int { records.count }
    package var count: Int { records.count }

    package subscript(position: Int) -> ReachedState {
        let record = records[position]
        return ReachedState(
            parent: parent(of: position), command: command(of: position), depth: depth(of: position),
            path: paths[Int(record.path)], status: Self.statusNames[Int(record.depthAndFlags >> 24 & 3)],
            asksForConfirmation: record.depthAndFlags >> 26 & 1 == 1)
    }

    /// The parent of state `position`; nil for state 0.
    package func parent(of position: Int) -> Int? {
        let parent = records[position].parent
        return parent < 0 ? nil : Int(parent)
    }

    /// The command from the parent of state `position`; nil for state 0.
    package func command(of position: Int) -> ScriptCommand? {
        let number = records[position].command
        return number == 0 ? nil : commands[Int(number - 1)]
    }

    /// How many script lines lead to state `position`.
    package func depth(of position: Int) -> Int { Int(records[position].depthAndFlags & 0xFF_FFFF) }

    /// Appends a state. `status` is 0 to 3 (idle, running, stopped, finished); `depth` is at most
    /// ``maxDepth``, `parent` below ``maxCount``.
    mutating func append(
        parent: Int?, command: ScriptCommand?, depth: Int, path: [String], status: Int, asksForConfirmation: Bool
    ) {
        var commandNumber: UInt32 = 0
        if let command {
            if let known = commandNumbers[command] {
                commandNumber = known
            } else {
                commands.append(command)
                commandNumber = UInt32(commands.count)
                commandNumbers[command] = commandNumber
            }
        }
        let pathNumber: UInt32
        if let known = pathNumbers[path] {
            pathNumber = known
        } else {
            pathNumber = UInt32(paths.count)
            paths.append(path)
            pathNumbers[path] = pathNumber
        }
        records.append(
            Record(
                parent: parent.map { Int32($0) } ?? -1, command: commandNumber, path: pathNumber,
                depthAndFlags: UInt32(depth) | UInt32(status) << 24 | (asksForConfirmation ? 1 << 26 : 0)))
    }

    /// The bytes the records and the tables of commands and paths take: each array's slots as an array that
    /// grows by doubling holds them (its count rounded up to a power of two), each dictionary's capacity, and
    /// each path's strings (16 bytes each; a string over 15 bytes adds its bytes and a 32-byte header); the
    /// strings a command holds are not counted. Not the arrays' `capacity`: the allocator's slack on a
    /// small array depends on the heap's state, which differs from run to run (Swift seeds its hashing per
    /// process, and the order of what is allocated and freed follows), so the figure would too.
    var bytes: Int {
        let pathStrings = paths.reduce(0) { total, path in
            total + path.count * 16 + path.reduce(0) { $0 + ($1.utf8.count > 15 ? $1.utf8.count + 32 : 0) }
        }
        return Self.slots(records.count) * MemoryLayout<Record>.stride
            + Self.slots(commands.count) * MemoryLayout<ScriptCommand>.stride
            + commandNumbers.capacity * (MemoryLayout<ScriptCommand>.stride + 4)
            + Self.slots(paths.count) * MemoryLayout<[String]>.stride + pathStrings
            + pathNumbers.capacity * (MemoryLayout<[String]>.stride + 4)
    }

    /// The slots an array that grows by doubling holds for `count` elements: `count` rounded up to a power
    /// of two (none for none). Also FC809's graph's (``ChildFinishing/bytes``).
    static func slots(_ count: Int) -> Int {
        count == 0 ? 0 : 1 << (Int.bitWidth - (count - 1).leadingZeroBitCount)
    }
}
