"""How fast `flowc view`'s page opens in headless chromium (scripts/view-bench.sh runs it):

    python view_paint.py PAGE.html…

For each page: the first contentful paint (the overview), and the time to open the largest flow (its
picture cloned from its template and laid out by the browser; for a banded picture, its frame and the
bands near the view), from the browser's own clock. For a banded picture also the time to add every
band at once (what opening it cost before pictures came in bands).
"""
import sys

from playwright.sync_api import sync_playwright

with sync_playwright() as playwright:
    browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
    for path in sys.argv[1:]:
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto("file://" + path, wait_until="load")
        paint = page.evaluate(
            "performance.getEntriesByName('first-contentful-paint').map(e => e.startTime)[0] || -1")
        largest = page.evaluate("""() => {
            const flows = JSON.parse(document.getElementById('data').textContent).flows;
            return flows.reduce((a, b) => (b.screens.length > a.screens.length ? b : a)).name;
        }""")
        opened = page.evaluate("""(name) => new Promise(resolve => {
            const start = performance.now();
            document.querySelector('#overview g.node.flow[data-flow="' + name + '"]').dispatchEvent(
                new MouseEvent('click', { bubbles: true }));
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start), 0));
        })""", largest)
        nodes = page.locator("#flowview g.node").count()
        bands = page.evaluate("Number(document.querySelector('#flowview svg.graph').getAttribute('data-bands') || 0)")
        whole = ""
        if bands:
            total, every = page.evaluate("""(name) => new Promise(resolve => {
                const start = performance.now();
                const index = JSON.parse(document.getElementById('data').textContent).flows.findIndex(f => f.name === name);
                const frame = document.querySelector('#flowview svg.graph');
                for (let b = 0; ; b++) {
                    const template = document.getElementById('flow-' + index + '-band-' + b);
                    if (!template) break;
                    const part = template.content.cloneNode(true).firstChild;
                    for (const layer of ['edges', 'nodes']) {
                        const into = frame.querySelector('g.' + layer), from = part.querySelector('g.' + layer);
                        while (from.firstChild) into.appendChild(from.firstChild);
                    }
                }
                requestAnimationFrame(() => setTimeout(() => resolve([
                    document.querySelectorAll('#flowview g.node').length, performance.now() - start]), 0));
            })""", largest)
            whole = "; all %d bands at once (%d nodes): %.0f ms" % (bands, total, every)
        print("%s: first paint %.0f ms; flow %s (%d nodes shown) opened and painted in %.0f ms%s%s" % (
            path, paint, largest, nodes, opened, whole, "; errors: " + "; ".join(errors) if errors else ""))
        page.close()
    browser.close()
