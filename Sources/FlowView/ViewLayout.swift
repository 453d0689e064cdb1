/// A layered layout of one picture (the page's own, computed when the page is written; no Graphviz):
/// ranks by breadth-first distance from the entry points (a flow's start and deep links; in the
/// overview, the flows nothing starts), then one ordering pass within each rank by the mean position
/// of each node's predecessors, so that edges mostly run forward and cross little; more than
/// ``ranksPerRow`` ranks wrap into rows below each other. It is linear in
/// nodes and edges (plus a sort per rank), so a flow of thousands of screens lays out in milliseconds,
/// and the same picture always gets the same coordinates.
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

    /// Whether ranks run left to right (a flow) or top down (the overview).
    var leftToRight: Bool
    var placed: [Placed] = []
    var width = 0.0
    var height = 0.0

    static let rankGap = 90.0
    static let nodeGap = 28.0
    static let margin = 16.0
    static let rowGap = 70.0
    static let ranksPerRow = 24

    /// Lays out `boxes` (indexed as given), with `edges` as (from, to) indexes; `sources` are ranked 0 first,
    /// then each of `leaders` (a deep link) one rank before the first of the nodes it leads to.
    init(boxes: [Box], edges: [(Int, Int)], sources: [Int], leaders: [Int] = [], leftToRight: Bool) {
        self.leftToRight = leftToRight
        let count = boxes.count
        var successors = [[Int]](repeating: [], count: count)
        var predecessors = [[Int]](repeating: [], count: count)
        for (from, to) in edges where from != to && from < count && to < count {
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
        placed = boxes.map { Placed(x: 0, y: 0, width: $0.width, height: $0.height, rank: 0) }
        // A long chain of ranks wraps into rows of `ranksPerRow` ranks (bands, top down for a flow), so a
        // flow of thousands of screens in a row stays a page wide instead of a million pixels.
        var extent = 2 * Self.margin
        var base = Self.margin
        var rowStart = 0
        while rowStart < layers.count {
            let row = rowStart..<min(rowStart + Self.ranksPerRow, layers.count)
            var along = Self.margin
            var across = base
            for index in row {
                let layer = layers[index]
                let depth = layer.reduce(0.0) { max($0, leftToRight ? boxes[$1].width : boxes[$1].height) }
                var offset = base
                for node in layer {
                    let box = boxes[node]
                    if leftToRight {
                        placed[node] = Placed(x: along, y: offset, width: box.width, height: box.height, rank: index)
                        offset += box.height + Self.nodeGap
                    } else {
                        placed[node] = Placed(x: offset, y: along, width: box.width, height: box.height, rank: index)
                        offset += box.width + Self.nodeGap
                    }
                }
                across = max(across, offset)
                along += depth + Self.rankGap
            }
            extent = max(extent, along - Self.rankGap + Self.margin)
            base = across - Self.nodeGap + Self.rowGap
            rowStart = row.upperBound
        }
        let breadth = max(base - Self.rowGap + Self.margin, 2 * Self.margin)
        // Room for the edges that bow out below (left to right) or to the right (top down).
        width = leftToRight ? extent : breadth + 50
        height = leftToRight ? breadth + 40 : extent
    }

    /// The SVG path of an edge and where its label goes: forward edges leave the source's far side for
    /// the target's near side; edges back (or within a rank) bow out below (left to right) or to the right.
    /// `lane` separates edges between the same two nodes (0 for the first): each bends further out.
    func path(from: Int, to: Int, lane: Int = 0) -> (d: String, labelX: Double, labelY: Double) {
        let a = placed[from]
        let b = placed[to]
        let shift = Double(lane) * 28
        if from == to {
            let x = a.x + a.width
            let y = a.y + a.height / 2
            let loop = 24 + shift
            return (
                "M\(n(x - 10)),\(n(a.y + a.height))c0,\(n(loop)) \(n(loop + 10)),\(n(loop)) 30,-\(n(a.height / 2 - 4))",
                x + 18, y + loop - 2
            )
        }
        if b.rank > a.rank {
            let (x1, y1, x2, y2) =
                leftToRight
                ? (a.x + a.width, a.y + a.height / 2, b.x, b.y + b.height / 2)
                : (a.x + a.width / 2, a.y + a.height, b.x + b.width / 2, b.y)
            let bend = (leftToRight ? x2 - x1 : y2 - y1) / 2
            let d =
                leftToRight
                ? "M\(n(x1)),\(n(y1))C\(n(x1 + bend)),\(n(y1 + shift)) \(n(x2 - bend)),\(n(y2 + shift)) \(n(x2)),\(n(y2))"
                : "M\(n(x1)),\(n(y1))C\(n(x1 + shift)),\(n(y1 + bend)) \(n(x2 + shift)),\(n(y2 - bend)) \(n(x2)),\(n(y2))"
            let lift = shift
            return (d, (x1 + x2) / 2 + (leftToRight ? 0 : lift), (y1 + y2) / 2 + (leftToRight ? lift : 0))
        }
        if leftToRight {
            let (x1, y1, x2, y2) = (a.x + a.width / 2, a.y + a.height, b.x + b.width / 2, b.y + b.height)
            let dip = max(y1, y2) + 30 + shift
            return (
                "M\(n(x1)),\(n(y1))C\(n(x1)),\(n(dip)) \(n(x2)),\(n(dip)) \(n(x2)),\(n(y2))", (x1 + x2) / 2, dip - 4
            )
        }
        let (x1, y1, x2, y2) = (a.x + a.width, a.y + a.height / 2, b.x + b.width, b.y + b.height / 2)
        let bow = max(x1, x2) + 40 + shift
        return ("M\(n(x1)),\(n(y1))C\(n(bow)),\(n(y1)) \(n(bow)),\(n(y2)) \(n(x2)),\(n(y2))", bow - 10, (y1 + y2) / 2)
    }

    /// A coordinate with at most one decimal.
    func n(_ value: Double) -> String {
        let tenths = (value * 10).rounded()
        return tenths.truncatingRemainder(dividingBy: 10) == 0 ? String(Int(tenths / 10)) : String(tenths / 10)
    }
}
