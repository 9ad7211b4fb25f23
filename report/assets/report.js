/*
 * bench report: the HTML report's behaviour. Counter choice and search for
 * the flame graphs, sortable tables, and callers, callees and lines of a
 * function.
 */
(function () {
    'use strict';
    var all = JSON.parse(document.getElementById('bench-data').textContent);
    var data = all.functions || {edges: []};
    var lines = all.lines || {};
    var search = document.getElementById('search');
    var flames = {};
    document.querySelectorAll('.flame').forEach(function (div) {
        var flame = new BenchFlame.Flame(div.querySelector('svg'));
        flames[div.getAttribute('data-id')] = flame;
    });
    // The timelines (bench.output_format=trace) are drawn as icicle graphs whose x is time: the same hover, zoom and search.
    var timelines = {}, timeline = document.getElementById('timeline');
    document.querySelectorAll('.timeline').forEach(function (div) {
        timelines[div.getAttribute('data-id')] = new BenchFlame.Flame(div.querySelector('svg'));
    });
    var currentTimeline = function () { return timeline ? timelines[timeline.value] : null; };
    if (timeline) {
        timeline.addEventListener('change', function () {
            document.querySelectorAll('.timeline').forEach(function (div) {
                div.classList.toggle('hidden', div.getAttribute('data-id') !== timeline.value);
            });
            currentTimeline().search(search ? search.value : '');
        });
    }
    var counter = document.getElementById('counter');
    var current = function () { return flames[counter.value]; };

    counter.addEventListener('change', function () {
        document.querySelectorAll('.flame, .per-counter').forEach(function (div) {
            div.classList.toggle('hidden', div.getAttribute('data-id') !== counter.value);
        });
        current().search(search.value);
    });
    // One search: it highlights the flame graph's frames and keeps the table's matching rows only.
    search.addEventListener('input', function () {
        current().search(search.value);
        var test = search.value ? BenchFlame.matcher(search.value) : null;
        document.querySelectorAll('#function-table tbody tr').forEach(function (row) {
            row.classList.toggle('hidden', test !== null && !test(data.names[+row.getAttribute('data-f')]));
        });
    });
    document.addEventListener('keydown', function (e) {
        if (e.key === 'Escape') {
            current().reset();
        }
    });

    // ---- sortable tables: by the exact value (data-v) or the text -------------------------
    document.querySelectorAll('table.sortable th[data-sort]').forEach(function (th) {
        th.addEventListener('click', function () {
            var table = th.closest('table'), body = table.tBodies[0], numeric = th.getAttribute('data-sort') === 'num';
            // A column's index: data-col where headings span two rows, else the heading's place in its row.
            var index = th.hasAttribute('data-col') ? +th.getAttribute('data-col') : Array.prototype.indexOf.call(th.parentNode.children, th);
            var descending = !th.classList.contains('desc');
            table.querySelectorAll('th').forEach(function (h) { h.classList.remove('asc', 'desc'); });
            th.classList.add(descending ? 'desc' : 'asc');
            var key = function (row) {
                var cell = row.children[index];
                return numeric ? parseFloat(cell.getAttribute('data-v')) : cell.textContent;
            };
            var rows = Array.prototype.slice.call(body.rows);
            // Ties keep an order of their own: by the first column's text.
            rows.sort(function (a, b) {
                var x = key(a), y = key(b), order = numeric ? x - y : x.localeCompare(y);
                return (descending ? -order : order) || a.children[0].textContent.localeCompare(b.children[0].textContent);
            });
            rows.forEach(function (row) { body.appendChild(row); });
        });
    });

    // ---- callers and callees -------------------------------------------------------------
    var callers = {}, callees = {};
    data.edges.forEach(function (e) {
        (callers[e[1]] = callers[e[1]] || []).push(e);
        (callees[e[0]] = callees[e[0]] || []).push(e);
    });
    var chosen = data.chosen;

    /** A row of cells (th or td), each with its text: a profile's names never pass through HTML. */
    function row(tag, texts) {
        var tr = document.createElement('tr');
        texts.forEach(function (text) {
            var cell = document.createElement(tag);
            cell.textContent = text;
            tr.appendChild(cell);
        });
        return tr;
    }

    /** A table's head and body, in place of what it had. */
    function fill(table, headings, rows) {
        var head = document.createElement('thead'), body = document.createElement('tbody');
        head.appendChild(row('th', headings));
        rows.forEach(function (r) { body.appendChild(r); });
        table.replaceChildren(head, body);
    }

    function edgeTable(table, edges, other) {
        edges = edges.slice().sort(function (a, b) {
            return chosen < 0 ? b[2] - a[2] : b[3][chosen] - a[3][chosen];
        });
        var headings = ['function', data.calls].concat(data.titles.map(function (c) { return c + ' inclusive'; }));
        fill(table, headings, edges.map(function (e) {
            var costs = e[3].map(function (v, c) { return BenchFlame.human(v, data.units[c]); });
            var tr = row('td', ['', BenchFlame.human(e[2], 'count')].concat(costs));
            var a = document.createElement('a'), f = e[other];
            a.textContent = BenchFlame.shortName(data.names[f]);
            a.title = data.names[f];
            a.addEventListener('click', function () { show(f); });
            tr.firstChild.appendChild(a);
            return tr;
        }));
    }

    // ---- a function's lines: own cost at each line, and the calls made there ---------------
    var shown = null;

    /**
     * The counter the flame graph shows: its index in data.counters, -1 for
     * calls or samples. By number: a name in HTML has U+FFFD for what XML lacks.
     */
    function counterIndex() {
        return +document.querySelector('.flame:not(.hidden)').getAttribute('data-counter');
    }

    function sourceView(f) {
        var view = document.getElementById('source-view'), table = document.getElementById('source');
        var l = lines[f];
        view.classList.toggle('hidden', !l);
        if (!l) {
            return;
        }
        var c = counterIndex(), unit = c < 0 ? 'count' : data.units[c];
        var value = function (n, costs) { return c < 0 ? n : costs[c]; };
        var most = 0;
        l.rows.forEach(function (r) {
            if (r) {
                most = Math.max(most, value(r[2], r[3]), value(r[4], r[5]));
            }
        });
        var label = c < 0 ? data.calls : data.titles[c];
        fill(table, ['line', label + ' own', label + ' in calls made', 'source'], l.rows.map(function (r) {
            if (!r) {
                var gap = row('td', ['…', '', '', '']);
                gap.className = 'gap';
                return gap;
            }
            var costs = [value(r[2], r[3]), value(r[4], r[5])];
            var tr = row('td', [r[0]].concat(costs.map(function (v) { return v ? BenchFlame.human(v, unit) : ''; }), [r[1]]));
            // The heat through the CSSOM: the Content-Security-Policy lets no style attribute of markup in.
            costs.forEach(function (v, k) {
                if (v && most) {
                    tr.children[k + 1].style.background = 'rgba(240,150,50,' + (0.15 + 0.6 * v / most).toFixed(2) + ')';
                }
            });
            tr.lastChild.className = 'code';
            return tr;
        }));
        document.getElementById('source-file').textContent = l.file;
        var notes = [];
        if (!l.readable) {
            notes.push('No source lines: the file was ' + (l.why || 'not read') + ' where this report was made. Costs by line number only.');
        }
        if (!data.sampled && c >= 0 && data.units[c] === 'ns') {
            notes.push('Profile mode times whole calls, not lines: a line shows the calls made there. '
                + 'Time per line needs sample mode (bench.mode=sample).');
        }
        document.getElementById('source-note').textContent = notes.join(' ');
    }

    var sandwich = null;
    /** The sandwich of f by the flame graph's counter (the chosen one where that is calls or samples). */
    function sandwichView(f) {
        var c = counterIndex();
        sandwich = BenchSandwich.draw(document.getElementById('sandwich'), data, all.tree, f, c < 0 ? data.chosen : c);
    }

    counter.addEventListener('change', function () {
        if (shown !== null) {
            sourceView(shown);
            sandwichView(shown);
        }
    });

    /** Shows a function's callers and callees, its lines, and its frames in the flame graph. */
    function show(f, reveal) {
        shown = f;
        sourceView(f);
        sandwichView(f);
        document.getElementById('callers-callees').classList.remove('hidden');
        document.getElementById('cc-title').textContent = data.names[f];
        edgeTable(document.getElementById('callers'), callers[f] || [], 0);
        edgeTable(document.getElementById('callees'), callees[f] || [], 1);
        document.querySelectorAll('#function-table tr.chosen').forEach(function (r) { r.classList.remove('chosen'); });
        var row = document.querySelector('#function-table tr[data-f="' + f + '"]');
        if (row) {
            row.classList.add('chosen');
        }
        var hits = current().search('/^' + data.names[f].replace(/[.*+?^${}()|[\]\\\/]/g, '\\$&') + '$/');
        if (reveal && hits.widest) {
            hits.widest.g.scrollIntoView({block: 'center'});
        }
    }

    document.querySelectorAll('#function-table tbody tr').forEach(function (row) {
        row.addEventListener('click', function () { show(+row.getAttribute('data-f'), true); });
    });
    // ---- a request's own flame graph, from a row of the requests or endpoints tables ------------
    var requestFlame = null;
    document.querySelectorAll('tr[data-request]').forEach(function (row) {
        row.addEventListener('click', function () {
            var req = all.requests[+row.getAttribute('data-request')], view = document.getElementById('request-view');
            var flame = document.querySelector('.flame:not(.hidden)');
            view.classList.remove('hidden');
            document.getElementById('request-title').textContent = Array.prototype.map.call(row.children, function (td) {
                return td.textContent;
            }).filter(function (t) { return t; }).slice(0, 5).join('  ');
            requestFlame = BenchSandwich.drawRequest(document.getElementById('request-flame'), req,
                data.counters[+flame.getAttribute('data-counter')] || data.counters[data.chosen] || '');
            // Its timeline too, where the set has its trace.
            var its = Array.prototype.find.call(document.querySelectorAll('.timeline'), function (div) {
                return div.getAttribute('data-file') === req.file;
            });
            if (its && timeline) {
                timeline.value = its.getAttribute('data-id');
                timeline.dispatchEvent(new Event('change'));
            }
            view.scrollIntoView({block: 'start'});
        });
    });

    window.benchReport = {flames: flames, current: current, show: show, sandwich: function () { return sandwich; },
        request: function () { return requestFlame; }};
})();
