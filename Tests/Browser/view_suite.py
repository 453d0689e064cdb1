"""`flowc view` in a real browser: Debian's chromium driven by playwright (PyPI), launched with the
system browser (no playwright browser download), and Firefox ESR's headless screenshot.

    python view_suite.py FLOWC WORKDIR [SCREENSHOTS]

Run from the package root (FlowViewBrowserTests does, inside `swift test`). Writes one page per
shipped trace (`flowc view Flows --trace docs/examples/NAME.trace.jsonl`) and one with `flowc check`'s
witness (`--check` on an explorer fixture), opens each in headless chromium, clicks to a flow and a
screen, searches, walks the breadcrumbs and the keyboard, plays every step of the trace or witness, and
fails on any console error. With SCREENSHOTS (a folder, scripts/render-graphs.sh passes docs/graphs), it
writes the screenshots docs/GRAPHS.md shows. Prints `ok …` per check and `N failed` last.
"""
import glob
import json
import os
import shutil
import subprocess
import sys

from playwright.sync_api import sync_playwright

flowc, work = sys.argv[1], sys.argv[2]
shots = sys.argv[3] if len(sys.argv) > 3 else None
failures = []


def check(condition, what):
    if condition:
        print("ok " + what)
    else:
        print("FAILED " + what)
        failures.append(what)


def write(out, *arguments):
    result = subprocess.run([flowc, "view", *arguments, "--out", out], capture_output=True, text=True)
    check(result.returncode == 0 and os.path.getsize(out) > 0, "flowc view " + " ".join(arguments))
    return "file://" + os.path.abspath(out)


GEOMETRY = """(svg) => {
    // Node boxes (translated rects, entry circles), label boxes (each edge's text), and the points of
    // every edge's path every 2 units; in the picture's own coordinates.
    const inset = 1.5;
    const nodes = Array.from(svg.querySelectorAll('g.node')).map(g => {
        const m = g.transform.baseVal.consolidate();
        const t = m ? m.matrix : { e: 0, f: 0 };
        const b = g.querySelector('rect, circle').getBBox();
        return [t.e + b.x, t.f + b.y, t.e + b.x + b.width, t.f + b.y + b.height, g.getAttribute('aria-label')];
    });
    const labels = Array.from(svg.querySelectorAll('g.edge text')).map(text => {
        const b = text.getBBox();
        return [b.x, b.y, b.x + b.width, b.y + b.height, text.textContent];
    });
    const problems = [];
    for (let i = 0; i < labels.length; i++) {
        const a = labels[i];
        for (let j = i + 1; j < labels.length; j++) {
            const b = labels[j];
            if (a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3])
                problems.push('labels overlap: ' + a[4] + ' / ' + b[4]);
        }
        for (const n of nodes)
            if (a[0] < n[2] && n[0] < a[2] && a[1] < n[3] && n[1] < a[3])
                problems.push('label on a node: ' + a[4] + ' / ' + n[4]);
    }
    let points = 0;
    for (const g of svg.querySelectorAll('g.edge')) {
        const path = g.querySelector('path');
        const length = path.getTotalLength();
        for (let at = 0; at <= length; at += 2) {
            const p = path.getPointAtLength(at);
            points++;
            for (const n of nodes)
                if (p.x > n[0] + inset && p.x < n[2] - inset && p.y > n[1] + inset && p.y < n[3] - inset) {
                    problems.push('edge ' + g.querySelector('title').textContent.split('\\n')[0] +
                        ' crosses ' + n[4] + ' at ' + Math.round(p.x) + ',' + Math.round(p.y));
                    at = length + 1;
                    break;
                }
        }
    }
    return { nodes: nodes.length, labels: labels.length, points: points, problems: problems.slice(0, 5),
             count: problems.length };
}"""


def clean(page, name, svg):
    """No two labels overlap, no label is on a node, no edge crosses a node, in the picture `svg`."""
    found = page.evaluate(GEOMETRY, page.query_selector(svg))
    check(found["count"] == 0 and found["points"] > 0,
          "%s: %d labels apart and off the %d nodes, no edge through a node%s" % (
              name, found["labels"], found["nodes"], "; " + "; ".join(found["problems"]) if found["count"] else ""))


def dense(path, screens):
    """A flow of `screens` screens, each pushing the next two and one far back, labelled with guards."""
    lines = ["flow: dense", "conditions: [ready]", "start: s0", "screens:"]
    for i in range(screens):
        lines.append("  s%d:" % i)
        events = []
        if i + 1 < screens:
            events.append("next: { push: s%d }" % (i + 1))
        if i + 2 < screens:
            events.append("skip: { if: ready, then: { push: s%d }, else: { pop: 1 } }" % (i + 2))
        if i > 3:
            events.append("rewind: { push: s%d }" % ((i * 7) % (i - 2)))
        events.append("back: { pop: 1 }")
        lines.append("    on:")
        lines += ["      " + e for e in events]
    with open(path, "w") as out:
        out.write("\n".join(lines) + "\n")


def nearest(rects, at, way):
    """The oracle for the arrow keys: among the nodes ahead of node `at` in direction `way`, those within
    45 degrees first, the least distance along plus twice the distance across."""
    def centre(r):
        return (r["x"] + r["width"] / 2, r["y"] + r["height"] / 2)
    fx, fy = centre(rects[at])
    best = None
    for i, r in enumerate(rects):
        if i == at:
            continue
        cx, cy = centre(r)
        along = (cx - fx) * way[0] + (cy - fy) * way[1]
        across = abs((cx - fx) * way[1] + (cy - fy) * way[0])
        if along <= 0:
            continue
        key = (0 if across <= along else 1, along + 2 * across)
        if best is None or key < best[0]:
            best = (key, i)
    return None if best is None else best[1]


def interact(page, name):
    """Arrow keys by direction, search (counted, current, Escape), the start's and an outcome's details."""
    if page.locator("#crumbs a").count():
        page.click("#crumbs a")
    page.click('#overview g.node.flow[data-flow="reading"]')
    rects = page.evaluate("""() => Array.from(document.querySelectorAll('#flowview g.node')).map(g => {
        const r = g.getBoundingClientRect(); return { x: r.x, y: r.y, width: r.width, height: r.height }; })""")
    nodes = page.locator("#flowview g.node")
    moved = 0
    for start in range(len(rects)):
        for key, way in (("ArrowRight", (1, 0)), ("ArrowLeft", (-1, 0)), ("ArrowDown", (0, 1)), ("ArrowUp", (0, -1))):
            nodes.nth(start).focus()
            page.keyboard.press(key)
            focused = page.evaluate("""() => Array.from(document.querySelectorAll('#flowview g.node'))
                .indexOf(document.activeElement)""")
            expected = nearest(rects, start, way)
            if expected is None:
                expected = start
            else:
                moved += 1
            if focused != expected:
                check(False, "%s: %s from node %d goes to node %s, not %s" % (name, key, start, expected, focused))
                return
    check(moved > 4, name + ": arrow keys move to the nearest node in their direction (%d moves)" % moved)

    # The start's and an outcome's details.
    page.click('#flowview g.node.entry')
    check(page.inner_text("#details h2") == "start of flow reading", name + ": the start has details")
    check(page.inner_text("#details p").startswith("library "), name + ": the start's action")
    page.click('#crumbs a')
    page.click('#overview g.node.flow[data-flow="edit"]')
    page.click('#flowview g.node.outcome[data-outcome="saved"]')
    check(page.inner_text("#details h2") == "outcome saved (flow edit)", name + ": an outcome has details")
    check("editor.save (finish)" in page.inner_text("#details"), name + ": who finishes with the outcome")

    # Search: more than 60 results say how many; the list is the box's current query; Escape clears, then leaves.
    data = json.loads(page.evaluate("document.getElementById('data').textContent"))
    query = "e"
    texts = []
    for f in data["flows"]:
        texts.append("flow " + f["name"])
        for s in f["screens"]:
            texts.append("screen %s/%s" % (f["name"], s["name"]))
            texts += ["event %s/%s.%s" % (f["name"], s["name"], e["name"]) for e in s["events"]]
        texts += ["child %s/%s" % (f["name"], c["name"]) for c in f["children"]]
        texts += ["link %s (%s)" % (l["pattern"], f["name"]) for l in f["links"]]
    total = sum(1 for t in texts if query in t.lower())
    page.fill("#search", query)
    page.wait_for_function("document.getElementById('results').dataset.query === 'e'")
    items = page.locator("#results li")
    check(total > 60 and items.count() == 61
          and items.last.inner_text() == "60 of %d shown; type more to narrow" % total,
          name + ": search says it shows 60 of %d" % total)
    page.focus("#search")
    page.keyboard.press("End")
    page.keyboard.type("dito", delay=0)
    page.wait_for_function("document.getElementById('results').dataset.query === document.getElementById('search').value")
    check(page.input_value("#search") == "edito"
          and all("edito" in t.lower() for t in page.locator("#results li").all_inner_texts()),
          name + ": the results are the current query's")
    page.keyboard.press("Escape")
    check(page.input_value("#search") == "" and not page.is_visible("#results")
          and page.evaluate("document.activeElement.id") == "search", name + ": Escape clears the search")
    page.keyboard.press("Escape")
    check(page.evaluate("document.activeElement.id") != "search", name + ": Escape again leaves the search")
    page.click('#crumbs a')


pages = []
for trace in sorted(glob.glob("docs/examples/*.trace.jsonl")):
    name = os.path.basename(trace).split(".")[0]
    with open(trace) as lines:
        steps = [json.loads(line) for line in lines if line.strip()]
    pages.append((name, write(os.path.join(work, name + ".html"), "Flows", "--trace", trace), steps))
dense(os.path.join(work, "dense.yaml"), 60)
with open(os.path.join(work, "chain.yaml"), "w") as out:
    out.write("flow: chain\nstart: s0\nscreens:\n" + "".join(
        "  s%d:\n    on: { next: { push: s%d } }\n" % (i, i + 1) for i in range(2999)) + "  s2999: {}\n")
chain_url = write(os.path.join(work, "chain.html"), os.path.join(work, "chain.yaml"))
dense_url = write(os.path.join(work, "dense.html"), os.path.join(work, "dense.yaml"))
witness_url = write(
    os.path.join(work, "witness.html"), "--check", "Tests/Fixtures/explorer/refused-on-some-paths.yaml")
# Flows with errors are shown too (exit 0): two FC301 in one file, on a screen and on a child.
unreachable_url = write(os.path.join(work, "unreachable.html"), "Tests/Fixtures/invalid/unreachable.yaml")

with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    context = browser.new_context(viewport={"width": 1400, "height": 900}, offline=True)
    page = context.new_page()
    page.goto(dense_url)
    page.click("#overview g.node.flow[data-flow='dense']")
    check(page.locator("#flowview g.node.screen").count() == 60, "dense: a 60-screen flow of 3-4 events each opens")
    clean(page, "dense", "#flowview svg.graph")
    page.close()

    # A huge flow comes in bands: what is near the view first, more on scrolling, a searched screen at once.
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(chain_url)
    page.click("#overview g.node.flow[data-flow='chain']")
    first = page.locator("#flowview g.node.screen").count()
    check(0 < first < 3000 and page.locator("#flowview svg.graph[data-bands]").count() == 1,
          "chain: a 3,000-screen flow opens with its first bands (%d screens)" % first)
    check(page.inner_text("#details li.more") == "and 2800 more; search to find one",
          "chain: the details list 200 screens and say how many more")
    page.evaluate("document.getElementById('stage').scrollTop = document.getElementById('stage').scrollHeight / 2")
    page.wait_for_function("document.querySelectorAll('#flowview g.node.screen').length > %d" % first)
    check(True, "chain: scrolling adds the bands in view")
    page.fill("#search", "chain/s2999")
    page.wait_for_function("document.getElementById('results').dataset.query === 'chain/s2999'")
    page.keyboard.press("Enter")
    check(page.locator('#flowview g.node.hit[data-screen="s2999"]').count() == 1, "chain: a searched screen's band is added")
    check(errors == [], "chain: no page error " + "; ".join(errors))
    page.close()

    # A node's details list the diagnostics placed on it, each at file:line:col, not others of its code.
    page = context.new_page()
    page.goto(unreachable_url)
    page.click("#overview g.node.flow[data-flow='reading']")
    page.click('#flowview g.node.screen[data-screen="archive"]')
    shown = page.inner_text("#details")
    check("error FC301: screen 'archive'" in shown and "unreachable.yaml:8:3" in shown
          and "child 'edit'" not in shown and ":12:3" not in shown,
          "unreachable: a screen's details list its own FC301 only, at file:line:col: " + shown)
    page.close()

    for name, url, steps in pages + [("witness", witness_url, None)]:
        page = context.new_page()
        errors = []
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.on("request", lambda request: errors.append("fetched " + request.url)
                if not request.url.startswith("file:") else None)
        page.goto(url)
        flows = page.locator("#overview g.node.flow").count()
        check(flows > 0 and page.inner_text("#crumbs") == "App", name + ": overview first")
        if shots and name == "social":
            page.screenshot(path=os.path.join(shots, "view-overview.png"))

        # Keyboard: the first flow by Enter, back by Escape.
        first = page.locator("#overview g.node.flow").first
        first.focus()
        page.keyboard.press("Enter")
        check(page.is_visible("#flowview svg.graph"), name + ": Enter opens a flow")
        page.keyboard.press("Escape")
        check(page.is_visible("#overview") and not page.is_visible("#flowview"), name + ": Escape goes back")

        # Click to a flow, then a screen: the details name it with file:line.
        if steps:
            top = next(step["path"][-1] for step in steps if step.get("path"))
            page.click('#overview g.node.flow[data-flow="%s"]' % top["flow"])
            check(page.inner_text("#crumbs").endswith(top["flow"]), name + ": a click opens flow " + top["flow"])
            page.click('#flowview g.node[data-screen="%s"]' % top["screen"])
            heading = page.inner_text("#details h2")
            check(heading.startswith("screen " + top["screen"]), name + ": a click shows screen " + top["screen"])
            check(page.locator("#details a[href^='vscode://file/']").count() > 0, name + ": editor links")

            # Search an event and go to its edge.
            event = None
            for flow in json.loads(page.evaluate("document.getElementById('data').textContent"))["flows"]:
                for screen in flow["screens"]:
                    if screen["events"] and event is None:
                        event = (flow["name"], screen["name"], screen["events"][0]["name"])
            page.fill("#search", event[2])
            check(page.locator("#results li").count() > 0, name + ": search finds event " + event[2])
            page.click("#results li:has-text('%s/%s.%s')" % event)
            check(page.locator('#flowview g.edge.hit[data-event="%s"]' % event[2]).count() == 1,
                  name + ": the found event's edge is marked")

        if name == pages[0][0]:
            interact(page, name)
            # The layout: every shipped flow's picture and the overview, labels apart, edges round nodes.
            clean(page, "overview", "#overview svg.graph")
            for flow in page.evaluate("JSON.parse(document.getElementById('data').textContent).flows.map(f => f.name)"):
                if not page.is_visible("#overview"):
                    page.click("#crumbs a")
                page.click("#overview g.node.flow[data-flow='%s']" % flow)
                clean(page, "flow " + flow, "#flowview svg.graph")
            page.click("#crumbs a")

        # Play every step; the shown screen is marked where the step shows one.
        played = page.locator(".play").first
        total = len(steps) if steps else page.evaluate(
            "JSON.parse(document.getElementById('plays-data').textContent)[0].length")
        marked = 0
        for number in range(total):
            played.locator('button[data-step="1"]').click()
            if page.locator("#flowview g.node.current").count() == 1:
                marked += 1
            if shots and name == "social" and number == 6:
                page.screenshot(path=os.path.join(shots, "view-social.png"))
        check(played.locator(".where").inner_text().startswith("step %d/%d" % (total, total)),
              name + ": played %d steps" % total)
        check(marked > 0, name + ": the current screen is marked (%d of %d steps)" % (marked, total))
        if name == "witness":
            check(page.locator('#flowview g.edge.bad[data-event="leave"][data-codes="FC808"]').count() == 1,
                  "witness: the finding is on its edge")
            # Its details: the finding at file:line:col, with its notes (how to reproduce it).
            page.eval_on_selector('#flowview g.edge.bad[data-event="leave"]',
                                  "g => g.dispatchEvent(new MouseEvent('click', {bubbles: true}))")
            shown = page.inner_text("#details")
            check("refused-on-some-paths.yaml:12:7" in shown and "FC808: event 'leave'" in shown
                  and "note: reproduce with: printf '%s\\n' 'start' 'event jump' 'event leave' | flowc run" in shown,
                  "witness: the finding's details give file:line:col and its reproduction: " + shown)
            if shots:
                page.screenshot(path=os.path.join(shots, "view-witness.png"))
        check(errors == [], name + ": no console error " + "; ".join(errors))
        page.close()
    browser.close()

# Firefox ESR: playwright's Firefox needs its own build, so the page is rendered offline by Firefox's
# own headless screenshot (it runs the page's script; an empty or missing picture fails).
firefox = shutil.which("firefox-esr")
if firefox:
    picture = os.path.join(work, "firefox.png")
    home = os.path.join(work, "firefox-home")
    os.makedirs(home, exist_ok=True)
    subprocess.run([firefox, "--headless", "--no-remote", "--profile", home, "--screenshot", picture,
                    "--window-size=1200,800", pages[0][1]], capture_output=True, timeout=90,
                   env={**os.environ, "HOME": home})
    check(os.path.exists(picture) and os.path.getsize(picture) > 10000, "firefox-esr renders the page offline")
else:
    print("skip firefox-esr (not installed)")

print("%d failed" % len(failures))
sys.exit(1 if failures else 0)
