/// The page's style sheet and script, inline in every page (no library, nothing fetched). The script
/// opens flows from their templates, shows details, searches, plays evidence and moves by keyboard.
enum ViewAssets {
    static let style = #"""
        body{font:14px/1.4 system-ui,Helvetica,Arial,sans-serif;color:#1a1a1a;background:#fff;margin:0}
        header{display:flex;gap:12px;align-items:center;padding:8px 12px;border-bottom:1px solid #767676;position:relative}
        #crumbs a,#crumbs span{margin-right:4px}#crumbs a{color:#0645ad}
        #search{margin-left:auto;width:24em;padding:4px 6px;font:inherit;border:1px solid #555}
        #results{position:absolute;right:12px;top:36px;background:#fff;border:1px solid #555;list-style:none;margin:0;padding:0;max-height:60vh;overflow:auto;z-index:2;min-width:24em}
        #results li{padding:4px 8px;cursor:pointer}#results li:focus,#results li:hover{background:#dde7f8;outline:none}#results li.more{cursor:default;font-style:italic;background:#fff}
        #summary{margin:4px 12px;color:#333}#coverage{margin:0 12px 4px;padding-left:18px;color:#333}
        main{display:flex;gap:8px;height:calc(100vh - 230px);min-height:300px}
        #stage{flex:1;overflow:auto;border:1px solid #ccc;margin-left:12px}
        #details{width:28em;overflow:auto;padding:0 12px;border-left:1px solid #ccc}
        #details h2{font-size:16px;margin:8px 0}#details h3{font-size:14px;margin:8px 0 2px}
        #details ul{margin:0;padding-left:18px}#details a{color:#0645ad}
        .err{color:#b00020}.note{color:#1a1a1a;overflow-wrap:anywhere}
        #plays{padding:4px 12px}.play{margin:4px 0}.play pre{margin:2px 0;background:#f4f4f4;padding:4px;white-space:pre-wrap}
        svg.graph{font:12px Helvetica,Arial,sans-serif}
        .node rect{fill:#fff;stroke:#333;stroke-width:1.2}.node.flow rect{stroke-width:2.2}
        .node.child rect,.node.tab rect{fill:#eef3fb}.node.outcome rect{fill:#f3f3f3;stroke-dasharray:0}
        .node.link rect{fill:#fffbe6}.node.entry circle{fill:#1a1a1a}
        .node.bad rect{stroke:#b00020;stroke-width:2}.node.bad text{fill:#b00020}.node.missing rect{stroke-dasharray:4 3}
        .node text{fill:#1a1a1a}.node text.name{font-weight:600}
        .node{cursor:pointer}.node:focus{outline:none}.node:focus rect,.node:focus circle{stroke:#0645ad;stroke-width:3}
        .node.hit rect{fill:#fff3b0}.node.onpath rect{fill:#d8f0d8}.node.current rect{fill:#8fd18f;stroke-width:3}
        .edge path{fill:none;stroke:#444;stroke-width:1.2}.edge text{fill:#333;font-size:10px;stroke:#fff;stroke-width:3px;paint-order:stroke;stroke-linejoin:round}
        .edge.dashed path{stroke-dasharray:6 4}.edge.dotted path{stroke-dasharray:2 3}
        .edge.bad path{stroke:#b00020}.edge.bad text{fill:#b00020}.edge.hit path{stroke:#0645ad;stroke-width:3}
        marker path{fill:#444}
        """#

    static let script = #"""
        (function () {
          'use strict';
          var data = JSON.parse(document.getElementById('data').textContent);
          var plays = JSON.parse(document.getElementById('plays-data').textContent);
          var index = {};
          data.flows.forEach(function (flow, i) { index[flow.name] = i; });
          var overview = document.getElementById('overview');
          var flowView = document.getElementById('flowview');
          var crumbs = document.getElementById('crumbs');
          var details = document.getElementById('details');
          var search = document.getElementById('search');
          var results = document.getElementById('results');
          var trail = [];

          function add(parent, tag, text, cls) {
            var node = document.createElement(tag);
            if (text) node.textContent = text;
            if (cls) node.className = cls;
            parent.appendChild(node);
            return node;
          }
          function place(parent, at) {
            var where = at.file + ':' + at.line + ':' + at.column;
            if (!at.url) return add(parent, 'span', where, 'at');
            var link = add(parent, 'a', where);
            link.href = at.url;
            link.title = 'Open in the editor';
            return link;
          }
          function item(list, text, at, cls) {
            var li = add(list, 'li', text + ' ', cls);
            if (at) place(li, at);
            return li;
          }
          /// A list of at most LISTED entries (a huge flow's screens would take seconds to list), then how
          /// many more there are.
          var LISTED = 200;
          function section(title, entries, write) {
            if (!entries.length) return;
            add(details, 'h3', title);
            var list = add(details, 'ul');
            entries.slice(0, LISTED).forEach(function (entry) { write(list, entry); });
            if (entries.length > LISTED) add(list, 'li', 'and ' + (entries.length - LISTED) + ' more; search to find one', 'more');
          }
          function parameters(list, p) {
            item(list, p.name + ': ' + p.type + (p.constraints ? ' (' + p.constraints + ')' : ''), p.at);
          }
          function plural(count, noun) { return count + ' ' + noun + (count === 1 ? '' : 's'); }
          /// A diagnostic as flowc prints it, file:line:col, then each of its notes (a finding's reproduction).
          function diagnostic(list, d) {
            var li = item(list, d.severity + ' ' + d.code + ': ' + d.message, d.at, 'err');
            if (!d.notes) return;
            var notes = add(li, 'ul', '', 'notes');
            d.notes.forEach(function (note) { item(notes, 'note: ' + note.message, note.at, 'note'); });
          }
          /// The flow's diagnostics; given a node's or an edge's title, only those it lists (each as
          /// `CODE: message (at FILE:LINE:COL)`): the diagnostics placed on it, not others of the same code.
          function findings(flow, title) {
            section('Diagnostics', flow.diagnostics.filter(function (d) {
              return title === undefined ||
                title.indexOf(d.code + ': ' + d.message + ' (at ' + d.at.file + ':' + d.at.line + ':' + d.at.column + ')') >= 0;
            }), diagnostic);
          }

          function showCrumbs() {
            crumbs.textContent = '';
            var home = add(crumbs, trail.length ? 'a' : 'span', 'App');
            if (trail.length) { home.href = '#'; home.dataset.crumb = '-1'; }
            trail.forEach(function (name, i) {
              add(crumbs, 'span', '›');
              var last = i === trail.length - 1;
              var crumb = add(crumbs, last ? 'span' : 'a', name);
              if (!last) { crumb.href = '#'; crumb.dataset.crumb = String(i); }
              else crumb.setAttribute('aria-current', 'page');
            });
          }
          crumbs.addEventListener('click', function (event) {
            var crumb = event.target.dataset && event.target.dataset.crumb;
            if (crumb === undefined) return;
            event.preventDefault();
            var at = Number(crumb);
            if (at < 0) showOverview(); else { trail = trail.slice(0, at + 1); openFlow(trail[at], 'keep'); }
          });

          function showOverview() {
            trail = [];
            flowView.hidden = true;
            flowView.textContent = '';
            overview.hidden = false;
            showCrumbs();
            showApp();
          }
          function showApp() {
            details.textContent = '';
            add(details, 'h2', 'App');
            add(details, 'p', plural(data.flows.length, 'flow') + '. Click a flow (or focus it and press Enter) to open it; ' +
              'Escape goes back; / searches (Escape clears it, then leaves it); arrow keys move to the nearest node in their direction.');
            section('flowc check', data.coverage, function (list, line) { item(list, line); });
            section('Diagnostics outside flows', data.problems, diagnostic);
          }
          /// how: 'drill' appends to the breadcrumbs, 'keep' keeps them, anything else starts them anew.
          function openFlow(name, how) {
            var i = index[name];
            if (i === undefined) return false;
            if (how === 'drill') { if (trail[trail.length - 1] !== name) trail.push(name); }
            else if (how !== 'keep') trail = [name];
            flowView.textContent = '';
            flowView.appendChild(document.getElementById('flow-' + i).content.cloneNode(true));
            overview.hidden = true;
            flowView.hidden = false;
            bands = [];
            var frame = flowView.querySelector('svg.graph');
            var count = frame ? Number(frame.getAttribute('data-bands') || 0) : 0;
            if (count) BAND = Number(frame.getAttribute('data-band-size'));
            for (var b = 0; b < count; b++) bands.push({ template: document.getElementById('flow-' + i + '-band-' + b), top: b * BAND, loaded: false });
            loadBands();
            showCrumbs();
            showFlow(data.flows[i]);
            return true;
          }
          function flowOf(name) { return data.flows[index[name]]; }

          // A huge flow's picture comes in bands (data-band-size units tall, each in its own template): the bands
          // near what the stage shows are added as it scrolls, and a band holding what is searched or
          // played is added first (find).
          var BAND = 2400;
          var bands = [];
          var stage = document.getElementById('stage');
          function loadBand(b) {
            var frame = flowView.querySelector('svg.graph');
            var part = b.template.content.cloneNode(true).firstChild;
            ['edges', 'nodes'].forEach(function (layer) {
              var into = frame.querySelector('g.' + layer);
              var from = part.querySelector('g.' + layer);
              while (from.firstChild) into.appendChild(from.firstChild);
            });
            b.loaded = true;
          }
          function loadBands() {
            if (!bands.length) return;
            var frame = flowView.querySelector('svg.graph');
            var top = stage.scrollTop - (frame.getBoundingClientRect().top - stage.getBoundingClientRect().top + stage.scrollTop);
            var low = top - stage.clientHeight, high = top + 2 * stage.clientHeight;
            bands.forEach(function (b) { if (!b.loaded && b.top + BAND >= low && b.top <= high) loadBand(b); });
          }
          stage.addEventListener('scroll', loadBands);
          /// The element of the open picture that selector finds, its band added first when need be.
          function find(selector) {
            var g = flowView.querySelector(selector);
            if (g) return g;
            for (var b = 0; b < bands.length; b++) {
              if (!bands[b].loaded && bands[b].template.content.querySelector(selector)) {
                loadBand(bands[b]);
                return flowView.querySelector(selector);
              }
            }
            return null;
          }
          function showFlow(flow) {
            details.textContent = '';
            add(details, 'h2', 'flow ' + flow.name + (flow.tabs.length ? ' (tabs: ' + flow.tabs.join(', ') + ')' : ''));
            place(add(details, 'p'), flow.at);
            section('Parameters', flow.parameters, parameters);
            section('Start', [flow.start], function (list, s) { item(list, s.action, s.at); });
            section('Screens', flow.screens, function (list, s) { item(list, s.name, s.at); });
            section('Child flows', flow.children, function (list, c) {
              item(list, c.name + ' → flow ' + c.flow + ' (' + c.presentation + ')', c.at);
            });
            section('Outcomes', flow.outcomes, function (list, o) { item(list, o.name, o.at); });
            section('Links', flow.links, function (list, l) { item(list, l.pattern + ' → ' + l.routes, l.at); });
            findings(flow);
          }
          function showNode(g) {
            var d = g.dataset;
            var flow = flowOf(d.flow);
            if (!flow) return;
            details.textContent = '';
            var title = g.querySelector('title');
            var isNode = g.classList.contains('node');
            if (isNode && d.entry !== undefined) {
              add(details, 'h2', 'start of flow ' + flow.name);
              place(add(details, 'p', flow.start.action + ' '), flow.start.at);
            } else if (isNode && d.outcome !== undefined) {
              var o = flow.outcomes.filter(function (x) { return x.name === d.outcome; })[0];
              if (!o) return;
              add(details, 'h2', 'outcome ' + o.name + ' (flow ' + flow.name + ')');
              place(add(details, 'p'), o.at);
              section('Finished by', o.reachedBy, function (list, r) { item(list, r.by, r.at); });
            } else if (d.screen !== undefined && isNode) {
              var s = flow.screens.filter(function (x) { return x.name === d.screen; })[0];
              if (!s) return;
              add(details, 'h2', 'screen ' + s.name + ' (flow ' + flow.name + ')');
              place(add(details, 'p'), s.at);
              section('Parameters', s.parameters, parameters);
              section('Reached by', s.reachedBy, function (list, r) { item(list, r.by, r.at); });
              section('Events', s.events, function (list, e) { item(list, e.name + ' → ' + e.action, e.at); });
            } else if (d.child !== undefined) {
              var c = flow.children.filter(function (x) { return x.name === d.child; })[0];
              if (!c) return;
              add(details, 'h2', 'child ' + c.name + ' → flow ' + c.flow);
              place(add(details, 'p', 'presentation: ' + c.presentation + ' '), c.at);
              if (index[c.flow] !== undefined) {
                var open = add(details, 'button', 'Open flow ' + c.flow);
                open.type = 'button';
                open.dataset.open = c.flow;
              }
              section('Outcomes', c.outcomes, function (list, o) { item(list, o.outcome + ' ⇒ ' + o.action, o.at); });
            } else if (d.link !== undefined) {
              var l = flow.links.filter(function (x) { return x.pattern === d.link; })[0];
              if (!l) return;
              add(details, 'h2', 'link ' + l.pattern);
              place(add(details, 'p', 'routes: ' + l.routes + (l.guarded ? '; when ' + l.guarded : '') +
                (l.otherwise ? '; otherwise ' + l.otherwise : '') + ' '), l.at);
            } else if (d.event !== undefined) {
              var from = flow.screens.filter(function (x) { return x.name === d.screen; })[0];
              var e = from && from.events.filter(function (x) { return x.name === d.event; })[0];
              if (!e) return;
              add(details, 'h2', 'event ' + from.name + '.' + e.name);
              place(add(details, 'p', e.action + ' '), e.at);
            } else {
              showFlow(flow);
              return;
            }
            if (d.codes) findings(flow, title ? title.textContent : '');
          }
          details.addEventListener('click', function (event) {
            var target = event.target.dataset && event.target.dataset.open;
            if (target) openFlow(target, 'drill');
          });

          function activate(g, open) {
            if (g.classList.contains('flow') || (open && g.dataset.runs && index[g.dataset.runs] !== undefined)) {
              openFlow(g.dataset.runs || g.dataset.flow, g.dataset.runs ? 'drill' : 'new');
              return;
            }
            mark(g, 'hit');
            showNode(g);
          }
          function mark(g, cls) {
            Array.prototype.forEach.call(document.querySelectorAll('#stage .' + cls), function (x) {
              x.classList.remove(cls);
            });
            if (g) g.classList.add(cls);
          }
          document.getElementById('stage').addEventListener('click', function (event) {
            var g = event.target.closest && event.target.closest('g.node, g.edge');
            if (g) activate(g, false);
          });
          document.getElementById('stage').addEventListener('dblclick', function (event) {
            var g = event.target.closest && event.target.closest('g.node');
            if (g) activate(g, true);
          });
          document.addEventListener('keydown', function (event) {
            var g = document.activeElement && document.activeElement.closest && document.activeElement.closest('g.node');
            if (event.key === '/' && document.activeElement !== search) { event.preventDefault(); search.focus(); return; }
            if (event.key === 'Escape') {
              if (document.activeElement === search || results.contains(document.activeElement)) {
                // Escape clears the search; on an empty search it leaves it (back to the picture).
                if (search.value) { search.value = ''; closeResults(); search.focus(); } else { closeResults(); search.blur(); }
                return;
              }
              if (trail.length > 1) { trail.pop(); openFlow(trail[trail.length - 1], 'keep'); } else if (trail.length) showOverview();
              return;
            }
            if (!g) return;
            if (event.key === 'Enter' || event.key === ' ') { event.preventDefault(); activate(g, true); return; }
            var way = { ArrowRight: [1, 0], ArrowDown: [0, 1], ArrowLeft: [-1, 0], ArrowUp: [0, -1] }[event.key];
            if (!way) return;
            event.preventDefault();
            var next = nearest(g, way);
            if (next) { next.focus(); if (next.scrollIntoView) next.scrollIntoView({ block: 'nearest', inline: 'nearest' }); }
          });

          /// The node nearest to g in the direction way ([dx, dy]): among the nodes whose centre lies ahead
          /// (within 45 degrees of the direction first, else anywhere ahead), the one with the least distance
          /// along the direction plus twice the distance across it. Null when nothing lies ahead.
          function nearest(g, way) {
            function centre(node) { var r = node.getBoundingClientRect(); return [r.left + r.width / 2, r.top + r.height / 2]; }
            var from = centre(g);
            var best = null, bestScore = Infinity, bestInCone = false;
            Array.prototype.forEach.call(g.ownerSVGElement.querySelectorAll('g.node'), function (node) {
              if (node === g) return;
              var c = centre(node);
              var along = (c[0] - from[0]) * way[0] + (c[1] - from[1]) * way[1];
              var across = Math.abs((c[0] - from[0]) * way[1] + (c[1] - from[1]) * way[0]);
              if (along <= 0) return;
              var inCone = across <= along;
              var score = along + 2 * across;
              if ((inCone && !bestInCone) || (inCone === bestInCone && score < bestScore)) {
                best = node; bestScore = score; bestInCone = inCone;
              }
            });
            return best;
          }
          function reveal(flow, selector) {
            if (!openFlow(flow, 'new')) return null;
            var g = find(selector);
            if (g) { mark(g, 'hit'); showNode(g); g.focus(); if (g.scrollIntoView) g.scrollIntoView({ block: 'center', inline: 'center' }); }
            return g;
          }
          function attr(name, value) { return '[' + name + '="' + CSS.escape(value) + '"]'; }
          function closeResults() { results.hidden = true; results.textContent = ''; }
          var shownResults = 60;
          var searches = 0;
          // Each keystroke schedules one search; a search whose query has changed since is dropped, so the
          // list always shows the box's current query.
          search.addEventListener('input', function () {
            var ticket = ++searches;
            setTimeout(function () { if (ticket === searches) runSearch(search.value); }, 0);
          });
          function runSearch(text) {
            var query = text.trim().toLowerCase();
            results.textContent = '';
            if (!query) { results.hidden = true; return; }
            var found = [];
            var total = 0;
            function offer(text, flow, selector) {
              if (text.toLowerCase().indexOf(query) < 0) return;
              total += 1;
              if (found.length < shownResults) found.push([text, flow, selector]);
            }
            data.flows.forEach(function (f) {
              offer('flow ' + f.name, f.name, null);
              f.screens.forEach(function (s) {
                offer('screen ' + f.name + '/' + s.name, f.name, 'g.node' + attr('data-screen', s.name));
                s.events.forEach(function (e) {
                  offer('event ' + f.name + '/' + s.name + '.' + e.name, f.name,
                    'g.edge' + attr('data-screen', s.name) + attr('data-event', e.name));
                });
              });
              f.children.forEach(function (c) { offer('child ' + f.name + '/' + c.name, f.name, 'g.node' + attr('data-child', c.name)); });
              f.links.forEach(function (l) { offer('link ' + l.pattern + ' (' + f.name + ')', f.name, 'g.node' + attr('data-link', l.pattern)); });
            });
            found.forEach(function (hit) {
              var li = add(results, 'li', hit[0]);
              li.tabIndex = 0;
              li.setAttribute('role', 'option');
              li.dataset.flow = hit[1];
              if (hit[2]) li.dataset.selector = hit[2];
            });
            if (!found.length) add(results, 'li', 'nothing found');
            if (total > found.length) add(results, 'li', found.length + ' of ' + total + ' shown; type more to narrow', 'more');
            results.dataset.query = text;
            results.dataset.total = String(total);
            results.hidden = false;
          }
          function choose(li) {
            if (!li || !li.dataset.flow) return;
            closeResults();
            if (li.dataset.selector) reveal(li.dataset.flow, li.dataset.selector); else openFlow(li.dataset.flow, 'new');
          }
          results.addEventListener('click', function (event) { choose(event.target.closest('li')); });
          results.addEventListener('keydown', function (event) {
            var li = event.target.closest('li');
            if (event.key === 'Enter') choose(li);
            if (event.key === 'ArrowDown' && li.nextSibling && li.nextSibling.tabIndex === 0) li.nextSibling.focus();
            if (event.key === 'ArrowUp') (li.previousSibling || search).focus();
          });
          search.addEventListener('keydown', function (event) {
            if (event.key === 'Enter' && results.dataset.query !== search.value) runSearch(search.value);
            if (event.key === 'Enter' || event.key === 'ArrowDown') {
              var first = results.querySelector('li');
              if (first && event.key === 'Enter') choose(first); else if (first) first.focus();
            }
          });

          Array.prototype.forEach.call(document.querySelectorAll('.play'), function (panel) {
            var steps = plays[Number(panel.dataset.play)] || [];
            var at = -1;
            function show() {
              var step = steps[at];
              var where = panel.querySelector('.where');
              var state = panel.querySelector('.state');
              if (!step) { where.textContent = steps.length + ' steps'; state.textContent = ''; return; }
              where.textContent = 'step ' + (at + 1) + '/' + steps.length + ': ' + step.command + ' (' + step.status + ')';
              var path = step.path || [];
              var lines = ['path: ' + path.map(function (r) { return r.flow + '/' + r.screen; }).join(' › ')];
              (step.stacks || []).forEach(function (s) {
                lines.push(s.kind + (s.tab ? ' ' + s.tab : '') + ' stack: ' + s.routes.map(function (token) {
                  var r = path.filter(function (x) { return x.token === token; })[0];
                  return r ? r.screen : '#' + token;
                }).join(' › '));
              });
              (step.tabs || []).forEach(function (t) {
                var kept = Object.keys(t.kept || {});
                lines.push('tabs of ' + t.flow + ': ' + t.tabs.join(', ') + '; selected ' + t.selected +
                  (kept.length ? '; kept ' + kept.join(', ') : ''));
              });
              if (step.error) lines.push('error: ' + (step.error.message || JSON.stringify(step.error)));
              state.textContent = lines.join('\n');
              var top = path[path.length - 1];
              if (top && openFlow(top.flow, 'new')) {
                path.forEach(function (r) {
                  if (r.flow !== top.flow) return;
                  var g = find('g.node' + attr('data-screen', r.screen));
                  if (g) g.classList.add('onpath');
                });
                var current = find('g.node' + attr('data-screen', top.screen));
                if (current) { current.classList.add('current'); showNode(current); }
              }
            }
            panel.addEventListener('click', function (event) {
              var move = event.target.dataset && event.target.dataset.step;
              if (!move) return;
              at = Math.max(-1, Math.min(steps.length - 1, at + Number(move)));
              show();
            });
            show();
          });

          showOverview();
        })();
        """#
}
