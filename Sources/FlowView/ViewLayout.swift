/// A layered layout of one picture (the page's own, computed when the page is written; no Graphviz):
/// ranks by breadth-first distance from the entry points (a flow's start and deep links; in the
/// overview, the flows nothing starts), then one ordering pass within each rank by the mean position
/// of each node's predecessors, so that edges mostly run forward and cross little; more than
/// ``ranksPerRow`` ranks wrap into rows below each other (beside each other, top down).
///
/// Edges never cross a node and labels never overlap (what the browser suite measures):
/// - an edge from one rank to the next in the same row runs through the gap between their columns, and
///   its label sits in that gap: the labels of one gap are stacked across it without overlap, and the
///   gap is as wide as its widest label;
/// - every other edge (back, within a rank, over several ranks, into another row, a loop) is routed
///   around the nodes: out of its source into the gap after the source's column, across that gap
///   (where no node is) into the channel after the row, along the channel (through the corridor before
///   the first column into another row's channel, when it goes further than the next row), into the
///   gap before its target's column and in. Its label sits in the channel, beside its own segment;
///   a channel has as many lanes as its labelled segments need not to overlap.
/// It is linear in nodes and edges (plus a sort per rank, gap and channel), so a flow of thousands of
/// screens lays out in milliseconds, and the same picture always gets the same coordinates.
struct ViewLayout {
    struct Box {
        var width: Double
        var height: Double
    }

    struct Placed {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
        var rank: Int
    }

    /// Where an edge is drawn: its SVG path and its label's box (nil for an edge without a label).
    struct Route {
        var d: String
        var label: Placed?
    }

    /// Whether ranks run left to right (a flow) or top down (the overview).
    var leftToRight: Bool
    var placed: [Placed] = []
    /// Each edge's route, in the order the edges were given.
    var routes: [Route] = []
    var width = 0.0
    var height = 0.0

    static let rankGap = 90.0
    static let nodeGap = 28.0
    static let margin = 16.0
    static let rowGap = 40.0
    static let ranksPerRow = 24
    /// Room before a row's first column for edges into the row's first rank and between rows.
    static let corridor = 40.0
    /// Space kept around a label.
    static let labelPad = 4.0
    /// The across size of a channel lane's line (its label comes beside it).
    static let laneLine = 6.0

    /// Lays out `boxes` (indexed as given), with `edges` as (from, to) indexes and `labels` each edge's
    /// label size (nil: no label); `ranking` says which edges count for the ranks (all when empty; the
    /// overview's edges back do not); `sources` are ranked 0 first, then each of `leaders` (a deep link)
    /// one rank before the first of the nodes it leads to.
    init(
        boxes: [Box], edges: [(Int, Int)], labels: [Box?] = [], sources: [Int], leaders: [Int] = [],
        leftToRight: Bool, ranking: [Bool] = []
    ) {
        self.leftToRight = leftToRight
        let count = boxes.count
        var successors = [[Int]](repeating: [], count: count)
        var predecessors = [[Int]](repeating: [], count: count)
        for (number, (from, to)) in edges.enumerated() where from != to && from < count && to < count {
            if number < ranking.count, !ranking[number] { continue }
            successors[from].append(to)
            predecessors[to].append(from)
        }
        var rank = [Int](repeating: -1, count: count)
        var queue: [Int] = []
        func search(from starts: [Int]) {
            for start in starts {
                if rank[start] < 0 { rank[start] = 0 }
                queue.append(start)
            }
            var head = 0
            while head < queue.count {
                let node = queue[head]
                head += 1
                for next in successors[node] where rank[next] < 0 {
                    rank[next] = rank[node] + 1
                    queue.append(next)
                }
            }
            queue.removeAll(keepingCapacity: true)
        }
        search(from: sources)
        for leader in leaders where rank[leader] < 0 {
            let ranked = successors[leader].map { rank[$0] }.filter { $0 >= 0 }
            rank[leader] = max(0, (ranked.min() ?? 1) - 1)
        }
        search(from: leaders)
        for node in 0..<count where rank[node] < 0 { search(from: [node]) }
        let rankCount = (rank.max() ?? -1) + 1
        var layers = [[Int]](repeating: [], count: rankCount)
        for node in 0..<count { layers[rank[node]].append(node) }
        var position = [Double](repeating: 0, count: count)
        for layer in layers { for (index, node) in layer.enumerated() { position[node] = Double(index) } }
        for index in layers.indices where index > 0 {
            let keyed = layers[index].enumerated().map { offset, node -> (Double, Int, Int) in
                let before = predecessors[node].filter { rank[$0] < index }
                let mean =
                    before.isEmpty ? Double(offset) : before.reduce(0) { $0 + position[$1] } / Double(before.count)
                return (mean, offset, node)
            }
            layers[index] = keyed.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
            for (offset, node) in layers[index].enumerated() { position[node] = Double(offset) }
        }

        // Sizes along (the rank axis) and across (within a rank).
        func along(_ box: Box) -> Double { leftToRight ? box.width : box.height }
        func across(_ box: Box) -> Double { leftToRight ? box.height : box.width }
        func row(_ rank: Int) -> Int { rank / Self.ranksPerRow }
        let rows = (rankCount + Self.ranksPerRow - 1) / Self.ranksPerRow
        // An edge to the next rank in the same row runs through the gap after its source's column.
        func isAdjacent(_ from: Int, _ to: Int) -> Bool {
            rank[to] == rank[from] + 1 && row(rank[to]) == row(rank[from]) && from != to
        }
        let edgeCount = edges.count
        func label(_ number: Int) -> Box? { number < labels.count ? labels[number] : nil }

        // Columns: each gap as wide as its widest label (at least rankGap), a last gap for edges out.
        var gap = [Double](repeating: Self.rankGap, count: rankCount)
        for (number, (from, to)) in edges.enumerated() where from < count && to < count && isAdjacent(from, to) {
            if let box = label(number) { gap[rank[from]] = max(gap[rank[from]], along(box) + 2 * Self.labelPad + 20) }
        }
        var columnStart = [Double](repeating: 0, count: rankCount)
        var columnEnd = [Double](repeating: 0, count: rankCount)
        var extentAlong = 0.0
        for first in stride(from: 0, to: rankCount, by: Self.ranksPerRow) {
            var at = Self.margin + Self.corridor
            for index in first..<min(first + Self.ranksPerRow, rankCount) {
                columnStart[index] = at
                columnEnd[index] = at + layers[index].reduce(0.0) { max($0, along(boxes[$1])) }
                at = columnEnd[index] + gap[index]
            }
            extentAlong = max(extentAlong, at + Self.margin)
        }

        // Routed edges' segments in each channel (-1: before the first row; r: after row r).
        struct Segment {
            var edge: Int
            var low: Double
            var high: Double
            var labelled: Bool
        }
        var segments = [[Segment]](repeating: [], count: rows + 1)
        var exitAlong = [Double](repeating: 0, count: edgeCount)
        var entryAlong = [Double](repeating: 0, count: edgeCount)
        let corridorAlong = Self.margin + Self.corridor / 2
        for (number, (from, to)) in edges.enumerated() where from < count && to < count && !isAdjacent(from, to) {
            let lane = Double(number % 6) * 5
            exitAlong[number] = columnEnd[rank[from]] + 8 + lane
            entryAlong[number] = columnStart[rank[to]] - 8 - lane
            let (rowFrom, rowTo) = (row(rank[from]), row(rank[to]))
            let labelled = label(number) != nil
            if rowTo == rowFrom || rowTo == rowFrom + 1 {
                let (a, b) = (exitAlong[number], entryAlong[number])
                segments[rowFrom + 1].append(Segment(edge: number, low: min(a, b), high: max(a, b), labelled: labelled))
            } else {
                segments[rowFrom + 1].append(
                    Segment(edge: number, low: corridorAlong, high: exitAlong[number], labelled: labelled))
                segments[rowTo].append(
                    Segment(edge: number, low: corridorAlong, high: entryAlong[number], labelled: false))
            }
        }
        // Lanes: each segment with its label (centred on it) in the first lane where it overlaps nothing.
        var laneOf = [[Int: Int]](repeating: [:], count: rows + 1)
        var laneSize = [Double](repeating: 0, count: rows + 1)
        var laneCount = [Int](repeating: 0, count: rows + 1)
        var labelSpan: [Int: (Double, Double)] = [:]
        for channel in 0...rows {
            var ends: [Double] = []
            var widest = 0.0
            let ordered = segments[channel].map { segment -> (Segment, Double, Double) in
                guard segment.labelled, let box = label(segment.edge) else {
                    return (segment, segment.low, segment.high)
                }
                let middle = (segment.low + segment.high) / 2
                let half = along(box) / 2 + Self.labelPad
                widest = max(widest, across(box))
                let start = max(Self.margin / 2, middle - along(box) / 2)
                labelSpan[segment.edge] = (start, start + along(box))
                extentAlong = max(extentAlong, start + along(box) + Self.margin)
                return (segment, min(segment.low, start - Self.labelPad), max(segment.high, start + 2 * half))
            }.sorted { ($0.1, $0.0.edge) < ($1.1, $1.0.edge) }
            for (segment, low, high) in ordered {
                let lane = ends.firstIndex { $0 + 4 < low } ?? ends.count
                if lane == ends.count { ends.append(high) } else { ends[lane] = high }
                laneOf[channel][segment.edge] = lane
            }
            laneCount[channel] = ends.count
            laneSize[channel] = Self.laneLine + (widest > 0 ? widest + Self.labelPad : 0)
        }
        func channelSize(_ channel: Int) -> Double {
            laneCount[channel] == 0 ? 0 : Double(laneCount[channel]) * laneSize[channel] + 8
        }

        // Nodes across, row by row, after each row's channel; then each gap's labels, stacked.
        placed = boxes.map { Placed(x: 0, y: 0, width: $0.width, height: $0.height, rank: 0) }
        var acrossOf = [Double](repeating: 0, count: count)
        var channelStart = [Double](repeating: 0, count: rows + 1)
        var rowStart = [Double](repeating: 0, count: max(rows, 1))
        var labelAt: [Int: Placed] = [:]
        var adjacentByGap = [[Int]](repeating: [], count: rankCount)
        for (number, (from, to)) in edges.enumerated()
        where from < count && to < count && isAdjacent(from, to) && label(number) != nil {
            adjacentByGap[rank[from]].append(number)
        }
        var base = Self.margin
        channelStart[0] = base
        base += channelSize(0)
        for rowNumber in 0..<rows {
            rowStart[rowNumber] = base
            var end = base
            let ranks = (rowNumber * Self.ranksPerRow)..<min((rowNumber + 1) * Self.ranksPerRow, rankCount)
            for index in ranks {
                var offset = base
                for node in layers[index] {
                    acrossOf[node] = offset
                    offset += across(boxes[node]) + Self.nodeGap
                }
                end = max(end, offset - Self.nodeGap)
            }
            func centre(_ node: Int) -> Double { acrossOf[node] + across(boxes[node]) / 2 }
            for index in ranks {
                let wanted = adjacentByGap[index].map { number -> (Double, Int) in
                    ((centre(edges[number].0) + centre(edges[number].1)) / 2, number)
                }.sorted { $0 < $1 }
                var next = base
                for (middle, number) in wanted {
                    guard let box = label(number) else { continue }
                    let low = max(middle - across(box) / 2, next)
                    let alongAt = columnEnd[index] + (gap[index] - along(box)) / 2
                    labelAt[number] = Placed(
                        x: leftToRight ? alongAt : low, y: leftToRight ? low : alongAt, width: box.width,
                        height: box.height, rank: index)
                    next = low + across(box) + Self.labelPad
                    end = max(end, low + across(box))
                }
            }
            channelStart[rowNumber + 1] = end + Self.rowGap / 2
            base = channelStart[rowNumber + 1] + channelSize(rowNumber + 1) + Self.rowGap / 2
        }
        for node in 0..<count {
            let (a, c) = (columnStart[rank[node]], acrossOf[node])
            placed[node] = Placed(
                x: leftToRight ? a : c, y: leftToRight ? c : a, width: boxes[node].width,
                height: boxes[node].height, rank: rank[node])
        }
        let extentAcross = base - Self.rowGap / 2 + Self.margin

        // The routes.
        func point(_ a: Double, _ c: Double) -> String { leftToRight ? "\(n(a)),\(n(c))" : "\(n(c)),\(n(a))" }
        func laneAcross(_ channel: Int, _ edge: Int) -> Double {
            channelStart[channel] + 4 + Double(laneOf[channel][edge] ?? 0) * laneSize[channel]
        }
        routes.reserveCapacity(edgeCount)
        for (number, (from, to)) in edges.enumerated() {
            guard from < count, to < count else {
                routes.append(Route(d: "", label: nil))
                continue
            }
            let (a, b) = (boxes[from], boxes[to])
            let cFrom = acrossOf[from] + across(a) / 2
            let cTo = acrossOf[to] + across(b) / 2
            let outAlong = columnStart[rank[from]] + along(a)
            let inAlong = columnStart[rank[to]]
            if isAdjacent(from, to) {
                let end = columnEnd[rank[from]]
                var d = "M" + point(outAlong, cFrom) + "L" + point(end, cFrom)
                let labelBox = labelAt[number]
                let (enter, leave, c) =
                    labelBox.map { box -> (Double, Double, Double) in
                        let (low, high) = leftToRight ? (box.x, box.x + box.width) : (box.y, box.y + box.height)
                        let middle = leftToRight ? box.y + box.height / 2 : box.x + box.width / 2
                        return (low, high, middle)
                    } ?? ((end + inAlong) / 2, (end + inAlong) / 2, (cFrom + cTo) / 2)
                let bend1 = (enter - end) / 2
                let bend2 = (inAlong - leave) / 2
                d += "C" + point(end + bend1, cFrom) + " " + point(enter - bend1, c) + " " + point(enter, c)
                d += "L" + point(leave, c)
                d += "C" + point(leave + bend2, c) + " " + point(inAlong - bend2, cTo) + " " + point(inAlong, cTo)
                routes.append(Route(d: d, label: labelBox))
                continue
            }
            let (rowFrom, rowTo) = (row(rank[from]), row(rank[to]))
            let exit = exitAlong[number]
            let entry = entryAlong[number]
            var d = "M" + point(outAlong, cFrom) + "L" + point(exit, cFrom)
            var labelBox: Placed?
            let first = laneAcross(rowFrom + 1, number)
            d += "L" + point(exit, first)
            if let box = label(number), let span = labelSpan[number] {
                let c = first + Self.laneLine / 2
                labelBox = Placed(
                    x: leftToRight ? span.0 : c, y: leftToRight ? c : span.0, width: box.width, height: box.height,
                    rank: rank[from])
            }
            if rowTo == rowFrom || rowTo == rowFrom + 1 {
                d += "L" + point(entry, first)
            } else {
                let second = laneAcross(rowTo, number)
                d += "L" + point(corridorAlong, first) + "L" + point(corridorAlong, second) + "L" + point(entry, second)
            }
            d += "L" + point(entry, cTo) + "L" + point(inAlong, cTo)
            routes.append(Route(d: d, label: labelBox))
        }
        width = leftToRight ? extentAlong : extentAcross
        height = leftToRight ? extentAcross : extentAlong
    }

    /// A coordinate with at most one decimal.
    func n(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }
}
