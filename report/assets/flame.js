/*
 * bench report: a flame graph's behaviour, in the SVG (standalone) or in
 * the HTML report: hover shows a frame's costs, click zooms into it, search
 * highlights the frames whose name matches and sums their cost (a match
 * inside another counts once).
 */
var BenchFlame = (function () {
    'use strict';

    function human(value, unit) {
        var scales = unit === 'ns' ? [[1e9, 's'], [1e6, 'ms'], [1e3, 'µs'], [1, 'ns']]
            : unit === 'bytes' ? [[1073741824, 'GiB'], [1048576, 'MiB'], [1024, 'KiB'], [1, 'B']] : null;
        if (!scales) {
            return Math.round(value).toLocaleString('en-US');
        }
        for (var i = 0; i < scales.length; i++) {
            if (Math.abs(value) >= scales[i][0] || i === scales.length - 1) {
                var x = value / scales[i][0], a = Math.abs(x);
                return x.toFixed(scales[i][0] === 1 ? 0 : a >= 100 ? 0 : a >= 10 ? 1 : 2) + ' ' + scales[i][1];
            }
        }
    }

    /** A search term as a test: /regex/ or, otherwise, text found anywhere in the name, in any case. */
    function matcher(term) {
        var m = /^\/(.*)\/([a-z]*)$/.exec(term);
        if (m) {
            try {
                var re = new RegExp(m[1], m[2]);
                return function (name) { return re.test(name); };
            } catch (e) {
                // not a regular expression: searched as text
            }
        }
        var lower = term.toLowerCase();
        return function (name) { return name.toLowerCase().indexOf(lower) >= 0; };
    }

    function Flame(svg) {
        var self = this;
        this.svg = svg;
        this.width = svg.viewBox.baseVal.width;
        this.unit = svg.getAttribute('data-unit');
        this.total = parseFloat(svg.getAttribute('data-total'));
        this.details = svg.querySelector('.details');
        this.matched = svg.querySelector('.matched');
        this.resetButton = svg.querySelector('.reset');
        var icicle = svg.getAttribute('data-icicle') === '1';
        var top = +svg.getAttribute('data-top'), bottom = +svg.getAttribute('data-bottom'), h = +svg.getAttribute('data-frame');
        this.frames = Array.prototype.map.call(svg.querySelectorAll('g.f'), function (g) {
            var rect = g.querySelector('rect'), y = +rect.getAttribute('y');
            return {
                g: g, rect: rect, text: g.querySelector('text'),
                x: +rect.getAttribute('x'), w: +rect.getAttribute('width'),
                depth: Math.round(icicle ? (y - top) / h : (bottom - y) / h - 1),
                value: parseFloat(g.getAttribute('data-v')),
                name: g.querySelector('title').textContent.split('\n')[0]
            };
        });
        this.frames.forEach(function (f) {
            f.g.addEventListener('click', function () { self.zoom(f); });
            f.g.addEventListener('mouseover', function () {
                self.details.textContent = f.g.querySelector('title').textContent.split('\n').slice(0, 3).join('  |  ');
            });
            f.g.addEventListener('mouseout', function () { self.details.textContent = ' '; });
        });
        this.resetButton.addEventListener('click', function () { self.reset(); });
    }

    /** A name without namespaces and directories, as short_name() in report/format.php. */
    function shortName(name) {
        return name.replace(/(?:[A-Za-z_\u0080-\uffff][\w\u0080-\uffff]*\\)+/g, '').replace(/(?:[^\s@:\/]*\/)+/g, '');
    }

    /** A frame's label for its width: the name, else its short name, else the short name cut (flame_label() in PHP). */
    Flame.prototype.label = function (f, w) {
        var chars = Math.floor((w - 6) / 7), name = f.name, short = shortName(name);
        f.text.textContent = chars < 3 ? '' : name.length <= chars ? name : short.length <= chars ? short : short.slice(0, chars - 2) + '..';
    };

    Flame.prototype.place = function (f, x, w, cls) {
        f.rect.setAttribute('x', x.toFixed(2));
        f.rect.setAttribute('width', w.toFixed(2));
        f.text.setAttribute('x', (x + 3).toFixed(2));
        f.g.classList.remove('hidden', 'parent');
        if (cls) {
            f.g.classList.add(cls);
        }
        this.label(f, w);
    };

    /** Zooms into a frame: its descendants spread to the full width, its ancestors span it, the rest hide. */
    Flame.prototype.zoom = function (target) {
        var self = this, scale = this.width / target.w, eps = 1e-6;
        this.frames.forEach(function (f) {
            var inside = f.x >= target.x - eps && f.x + f.w <= target.x + target.w + eps;
            if (f.depth >= target.depth && inside) {
                self.place(f, (f.x - target.x) * scale, f.w * scale, null);
            } else if (f.depth < target.depth && f.x <= target.x + eps && f.x + f.w >= target.x + target.w - eps) {
                self.place(f, 0, self.width, 'parent');
            } else {
                f.g.classList.add('hidden');
            }
        });
        this.zoomed = target;
        this.resetButton.style.visibility = 'visible';
    };

    Flame.prototype.reset = function () {
        var self = this;
        this.frames.forEach(function (f) { self.place(f, f.x, f.w, null); });
        this.zoomed = null;
        this.resetButton.style.visibility = 'hidden';
    };

    /**
     * Highlights the frames whose name matches and returns what they cost:
     * {frames, value}, a frame inside a matched one not counted again.
     */
    Flame.prototype.search = function (term) {
        var test = term ? matcher(term) : null, hits = [];
        this.frames.forEach(function (f) {
            var hit = test !== null && test(f.name);
            f.g.classList.toggle('match', hit);
            if (hit) {
                hits.push(f);
            }
        });
        hits.sort(function (a, b) { return a.x - b.x || a.depth - b.depth; });
        var value = 0, end = -1, widest = null;
        hits.forEach(function (f) {
            if (!widest || f.w > widest.w) {
                widest = f;
            }
            if (f.x >= end - 1e-6) {
                value += f.value;
                end = f.x + f.w;
            }
        });
        this.matched.textContent = test === null ? ' ' : 'Matched: ' + hits.length + ' frames, ' + human(value, this.unit)
            + ' (' + (this.total ? (100 * value / this.total).toFixed(2) : '0') + '%)';
        return {frames: hits.length, value: value, widest: widest};
    };

    /** A flame graph on its own (the SVG file): Search asks for the term; Ctrl-F or / too, Escape resets. */
    function standalone(svg) {
        var flame = new Flame(svg);
        var ask = function () {
            var term = window.prompt('Search frames (text, or /regular expression/)', '');
            if (term !== null) {
                flame.search(term);
            }
        };
        svg.querySelector('.search').addEventListener('click', ask);
        window.addEventListener('keydown', function (e) {
            if ((e.ctrlKey && e.key === 'f') || e.key === '/') {
                e.preventDefault();
                ask();
            } else if (e.key === 'Escape') {
                flame.reset();
                flame.search('');
            }
        });
        window.benchFlame = flame;
        return flame;
    }

    return {Flame: Flame, standalone: standalone, human: human, matcher: matcher, shortName: shortName};
})();
