import CYaml
import FlowYAML

/// `flowc-bench yaml [--size MiB] [--runs N]`: generates a large flow-like YAML
/// file and compares a bare libyaml event scan (parse and delete every event,
/// nothing else) with `YAMLLoader.load` (events → located node tree with all
/// checks). The target is a loader time of at most 2× the bare scan.
enum YAMLLoadBenchmark {
    static func run(_ arguments: [String]) -> Int32 {
        guard let sizeMiB = Bench.intOption("--size", in: arguments, default: 5),
            let runs = Bench.intOption("--runs", in: arguments, default: 7)
        else {
            print("usage: flowc-bench yaml [--size MiB] [--runs N]")
            return 64
        }
        let bytes = generate(targetBytes: sizeMiB * 1024 * 1024)
        let megabytes = Double(bytes.count) / 1_000_000
        // Lift the size, node and alias limits so any --size works (every screen
        // uses one alias); depth, key, tag and anchor checks stay on.
        let limits = YAMLLimits(maxFileBytes: bytes.count, maxNodes: bytes.count, maxAliases: bytes.count)

        let nodes: Int
        do {
            nodes = count(try YAMLLoader.load(bytes, limits: limits))
        } catch {
            print("generated YAML failed to load: \(error)")
            return 1
        }
        let events = scan(bytes)

        // The loader's own time keeps each tree until the clock stops (freeing a tree is the
        // caller's cost; the bare scan builds nothing); "load + free" includes freeing it.
        var kept: YAMLNode?
        let samples = Bench.interleaved(
            runs: runs,
            [
                (body: { _ = scan(bytes) }, after: {}),
                (body: { kept = try? YAMLLoader.load(bytes, limits: limits) }, after: { kept = nil }),
                (body: { _ = try? YAMLLoader.load(bytes, limits: limits) }, after: {}),
            ])
        _ = kept
        let scanMs = Bench.median(samples[0])
        let loadMs = Bench.median(samples[1])
        let loadAndFreeMs = Bench.median(samples[2])
        // Ratio per round (scan and load timed back to back), then the median: robust to noise.
        let ratios = zip(samples[1], samples[0]).map { $0 / $1 }
        let freeRatios = zip(samples[2], samples[0]).map { $0 / $1 }

        func line(_ label: String, _ ms: Double, _ all: [Double]) -> String {
            let best = all.min() ?? ms
            return
                "\(label) median \(Bench.format(ms)) ms (\(Bench.format(megabytes / (ms / 1000))) MB/s), best \(Bench.format(best)) ms"
        }
        print("input: \(Bench.format(megabytes, 2)) MB, \(events) events, \(nodes) nodes, \(runs) interleaved runs")
        print(line("libyaml event scan:", scanMs, samples[0]))
        print(line("YAMLLoader.load:   ", loadMs, samples[1]))
        print(line("load + free tree:  ", loadAndFreeMs, samples[2]))
        print(
            "ratio load/scan:         median \(Bench.format(Bench.median(ratios), 2))x, best-to-best \(Bench.format((samples[1].min() ?? 0) / (samples[0].min() ?? 1), 2))x (target <= 2.00x)"
        )
        print("ratio (load + free)/scan: median \(Bench.format(Bench.median(freeRatios), 2))x")
        return 0
    }

    /// Parses every event of `bytes` with libyaml and deletes it; returns the event count.
    static func scan(_ bytes: [UInt8]) -> Int {
        bytes.withUnsafeBufferPointer { buffer -> Int in
            var parser = yaml_parser_t()
            guard yaml_parser_initialize(&parser) != 0 else { return -1 }
            defer { yaml_parser_delete(&parser) }
            yaml_parser_set_input_string(&parser, buffer.baseAddress, buffer.count)
            var count = 0
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) != 0 {
                let done = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                count += 1
                if done { return count }
            }
            return -1
        }
    }

    /// Number of nodes in a tree (iterative).
    static func count(_ root: YAMLNode) -> Int {
        var pending = [root]
        var total = 0
        while let node = pending.popLast() {
            total += 1
            switch node.content {
            case .scalar: break
            case .sequence(let items): pending.append(contentsOf: items)
            case .mapping(let entries):
                for entry in entries {
                    pending.append(entry.key)
                    pending.append(entry.value)
                }
            }
        }
        return total
    }

    /// A flow file of at least `targetBytes`: many screens with `on:` events,
    /// params, flow-style lists, quoted and block strings and a few anchors.
    static func generate(targetBytes: Int) -> [UInt8] {
        var text = """
            flow: checkout
            version: "3"
            start: screen0
            defaults: &defaults
              transition: push
              analytics: on
            screens:

            """
        let kinds = ["form", "list", "detail", "confirm", "web"]
        var index = 0
        while text.utf8.count < targetBytes {
            let next = index + 1
            text += """
                  screen\(index):
                    kind: \(kinds[index % kinds.count])
                    title: "Step \(index) — Überblick"
                    options: *defaults
                    on:
                      next: screen\(next)
                      back: screen\(max(index - 1, 0))
                      cancel: exit
                      error: { to: error\(index % 7), retry: yes }
                    params:
                      id: '\(index)'
                      enabled: yes
                      retries: 0\(index % 10)
                      tags: [checkout, step\(index % 13), beta]
                    help: |
                      Fill in the fields on screen \(index).
                      Tap next to continue.

                """
            index += 1
        }
        return Array(text.utf8)
    }
}
