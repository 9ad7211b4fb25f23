/*
 * bench report: the sandwich view of a function, drawn in the page from the
 * call tree: above, who calls it (a flame graph whose root is the function
 * and whose frames are its callers, their callers above them); below, what
 * it calls (an icicle graph of its calls merged). Widths are the function's
 * inclusive cost along each path, counted once where it recurses. Both are
 * SVG made with DOM calls (no markup from strings) in the shape flame.js
 * reads, so hover, zoom and search work as in the other graphs.
 */
var BenchSandwich = (function () {
    'use strict';
    var NS = 'http://www.w3.org/2000/svg', FRAME = 16, TOP = 30, BOTTOM = 28, MIN_WIDTH = 0.3;

    /**
     * The tree's nodes running f with no caller running f (an inner call is
     * inside them already): one pass, as a parent comes before its children.
     */
    function outermost(tree, f) {
        var out = [], under = [];
        for (var n = 0; n < tree.func.length; n++) {
            var p = tree.parent[n];
            under[n] = p >= 0 && (tree.func[p] === f || under[p]);
            if (tree.func[n] === f && !under[n]) {
                out.push(n);
            }
        }
        return out;
    }

    function merged(f) {
        return {f: f, value: 0, children: new Map()};
    }

    /** Adds a path of functions under a merged root, each frame with value. */
    function addPath(root, path, value) {
        var at = root;
        root.value += value;
        path.forEach(function (f) {
            var next = at.children.get(f);
            if (!next) {
                next = merged(f);
                at.children.set(f, next);
            }
            next.value += value;
            at = next;
        });
    }

    /** Callers: from each outermost node up to the root. Callees: each outermost node's subtree. */
    function build(tree, f, values) {
        var callers = merged(f), callees = merged(f), kids = {};
        tree.parent.forEach(function (p, n) {
            (kids[p] = kids[p] || []).push(n);
        });
        outermost(tree, f).forEach(function (n) {
            var path = [], p;
            for (p = tree.parent[n]; p >= 0; p = tree.parent[p]) {
                path.push(tree.func[p]);
            }
            addPath(callers, path, values[n] || 0);
            callees.value += values[n] || 0;
            var stack = [[n, callees]];
            while (stack.length) {
                var top = stack.pop();
                (kids[top[0]] || []).forEach(function (c) {
                    var next = top[1].children.get(tree.func[c]);
                    if (!next) {
                        next = merged(tree.func[c]);
                        top[1].children.set(tree.func[c], next);
                    }
                    next.value += values[c] || 0;
                    stack.push([c, next]);
                });
            }
        });
        return {callers: callers, callees: callees};
    }

    function el(name, attrs) {
        var e = document.createElementNS(NS, name);
        Object.keys(attrs).forEach(function (k) { e.setAttribute(k, attrs[k]); });
        return e;
    }

    function text(name, attrs, content) {
        var e = el(name, attrs);
        e.textContent = content;
        return e;
    }

    /** Frames of a merged tree, widest first at each level: [node, x, width, depth]. */
    function layout(root, width) {
        var frames = [], scale = root.value ? width / root.value : 0, stack = [[root, 0, 0]], depth = 0;
        while (stack.length) {
            var s = stack.pop(), node = s[0], x = s[1], w = node.value * scale;
            if (w < MIN_WIDTH) {
                continue;
            }
            frames.push([node, x, w, s[2]]);
            depth = Math.max(depth, s[2] + 1);
            var children = Array.from(node.children.values()).sort(function (a, b) { return b.value - a.value; });
            var cx = x;
            children.forEach(function (c) {
                stack.push([c, cx, s[2] + 1]);
                cx += c.value * scale;
            });
        }
        return {frames: frames, depth: depth};
    }

    /**
     * An SVG graph of a merged tree (icicle: root at the top), as flame.js
     * reads one; names, kinds and colours of its functions from fns.
     */
    function graph(root, fns, unit, icicle, width, label) {
        var l = layout(root, width), height = TOP + BOTTOM + FRAME * Math.max(1, l.depth);
        var svg = el('svg', {viewBox: '0 0 ' + width + ' ' + height, width: width, height: height, 'class': 'bench-flame',
            'data-unit': unit, 'data-total': root.value, 'data-icicle': icicle ? 1 : 0, 'data-top': TOP,
            'data-bottom': height - BOTTOM, 'data-frame': FRAME});
        svg.appendChild(el('rect', {'class': 'background', width: '100%', height: '100%'}));
        svg.appendChild(text('text', {'class': 'button reset', x: 10, y: 18}, 'Reset zoom'));
        svg.appendChild(text('text', {'class': 'legend', x: width / 2, y: 18, 'text-anchor': 'middle'}, label));
        svg.appendChild(text('text', {'class': 'matched', x: width - 10, y: 18}, ' '));
        var frames = el('g', {'class': 'frames'}), bottom = TOP + FRAME * l.depth;
        l.frames.forEach(function (fr) {
            var node = fr[0], y = icicle ? TOP + fr[3] * FRAME : bottom - (fr[3] + 1) * FRAME;
            var share = root.value ? (100 * node.value / root.value).toFixed(2) : '0';
            var g = el('g', {'class': 'f ' + (fns.kinds[node.f] || 'request'), 'data-v': node.value});
            g.appendChild(text('title', {}, (fns.names[node.f] || 'all') + '\n' + BenchFlame.human(node.value, unit) + ' (' + share + '%)'));
            g.appendChild(el('rect', {x: fr[1].toFixed(2), y: y, width: fr[2].toFixed(2), height: FRAME - 1, fill: fns.colours[node.f] || '#ccc'}));
            g.appendChild(el('text', {x: (fr[1] + 3).toFixed(2), y: y + FRAME - 4}));
            frames.appendChild(g);
        });
        svg.appendChild(frames);
        svg.appendChild(text('text', {'class': 'details', x: 10, y: height - 10}, ' '));
        return svg;
    }

    /**
     * Draws f's sandwich into a container for a counter (its index in
     * data.counters); returns the two flames, or null with the reason shown
     * where the tree is not in the report.
     */
    function draw(container, data, tree, f, counter) {
        container.replaceChildren();
        if (!tree || counter < 0) {
            container.appendChild(document.createTextNode(!tree
                ? 'No sandwich view: the report holds at most ' + data.sandwichLimit.toLocaleString('en-US') + ' call paths, this set has more.'
                : 'No sandwich view by ' + data.calls + ': choose a counter.'));
            return null;
        }
        var values = tree.incl[counter], unit = data.units[counter], parts = build(tree, f, values);
        var width = 1200, name = data.names[f], out = {};
        [['callers', false, 'Who calls ' + name + ' (its callers above it), by ' + data.titles[counter]],
            ['callees', true, 'What ' + name + ' calls (below it), by ' + data.titles[counter]]].forEach(function (part) {
            var div = document.createElement('div');
            div.className = 'sandwich-' + part[0];
            var svg = graph(parts[part[0]], data, unit, part[1], width, part[2]);
            div.appendChild(svg);
            container.appendChild(div);
            out[part[0]] = new BenchFlame.Flame(svg);
            out[part[0]].reset();
        });
        return out;
    }

    /**
     * A request's own flame graph into a container, by the counter of that
     * name (else its first): its tree's nodes as frames, its roots on one
     * frame "all" where it has more than one.
     */
    function drawRequest(container, req, counterName) {
        var c = Math.max(0, req.counters.indexOf(counterName)), values = req.incl[c] || [], made = [], roots = [];
        req.parent.forEach(function (p, n) {
            made[n] = merged(req.func[n]);
            made[n].value = values[n] || 0;
            // A parent comes before its children in the model's order.
            if (p >= 0 && made[p]) {
                made[p].children.set(n, made[n]);
            } else {
                roots.push(made[n]);
            }
        });
        var root = roots.length === 1 ? roots[0] : merged(-1);
        if (roots.length !== 1) {
            roots.forEach(function (r, i) { root.children.set(i, r); root.value += r.value; });
        }
        container.replaceChildren();
        var svg = graph(root, req, req.units[c] || 'count', false, 1200, req.file + ', by ' + (req.counters[c] || 'calls'));
        container.appendChild(svg);
        var flame = new BenchFlame.Flame(svg);
        flame.reset();
        return flame;
    }

    return {draw: draw, build: build, drawRequest: drawRequest};
})();
