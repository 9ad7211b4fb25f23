--TEST--
Hostile profiles (markup and script in every string: functions, files, counters, URIs, methods, modes, labels, comments, the title) in bench html, flame and diff: headless Chromium, clicking, sorting, hovering and searching everything, runs no injected script and shows the strings as text; each page has a Content-Security-Policy that lets its own script run and blocks inline handlers, other scripts, loads and innerHTML
--SKIPIF--
<?php
if (getenv('SKIP_PERF_SENSITIVE')) die('skip bin/bench\'s PHP under valgrind: report_fuzz and zstd_decompress check bench.so\'s part');
require __DIR__ . '/report.inc';
require __DIR__ . '/../../benchmarks/lib/cdp.php';
profile_skip();
cdp_skip();
?>
--FILE--
<?php
require __DIR__ . '/report.inc';
require __DIR__ . '/../../benchmarks/lib/cdp.php';
require __DIR__ . '/../../report/protobuf.php';
require __DIR__ . '/../../report/profile.php';
use function Bench\Report\{pb_put_bytes, pb_put_int, pb_put_packed};

/** Which field each payload number went into, for the report of one that ran. */
$fields = [];

/**
 * A hostile string: markup for HTML text and both kinds of attribute, a
 * script's and a CDATA section's end, a javascript: URL, an entity that must
 * stay text, control characters, U+2028 and U+2029, U+FFFE; no space (a
 * callgrind event is a word). What runs calls xss(its number).
 */
function hostile(string $field): string
{
    global $fields;
    $n = count($fields) + 1;
    $fields[$n] = $field;
    return "<img/src/onerror=xss($n)>\"><svg/onload=xss($n)>'><img/src/onerror=xss($n)></script><script>xss($n)</script>"
        . "]]><script>xss($n)</script>javascript:xss($n)&lt;b&gt;\x01\x1b\x7f\u{2028}\u{2029}\u{fffe}";
}

/** What a page shows of a string: HTML and SVG text has U+FFFD for what XML lacks. */
function shown(string $s): string
{
    return preg_replace('/[\x00-\x08\x0b\x0c\x0e-\x1f\x{fffe}\x{ffff}]/u', "\u{fffd}", $s);
}

$dir = report_dir();
// A source file that the line view reads, in a directory whose name is hostile too (no slash in it).
$srcDir = "$dir/\"><img src=x onerror=xss(0)>'<svg onload=xss(0)>";
mkdir($srcDir);
$source = "$srcDir/app.php";
file_put_contents($source, "<?php\n// </script><img src=x onerror=xss(0)>\nfunction a() {\n    b(); // <svg onload=xss(0)>\n    c();\n}\n");

/** The strings of one profile: three functions (the first in $source), two counters, the request. */
function strings(string $format): array
{
    return ['main' => hostile("$format function"), 'b' => hostile("$format function"), 'c' => hostile("$format function"),
        'file' => hostile("$format file"), 'counter' => hostile("$format counter"), 'time' => hostile("$format counter") . '_ns',
        'uri' => hostile("$format uri"), 'method' => hostile("$format method"), 'mode' => hostile("$format mode"),
        'comment' => hostile("$format comment"), 'label' => hostile("$format label")];
}

/** Callgrind: a() calls b() and c() (in a file that is not there), at lines 4 and 5; costs times $k. */
function callgrind(array $s, int $k): string
{
    global $source;
    return "# callgrind format\nversion: 1\ncreator: bench {$s['comment']}\npid: 7\ncmd: {$s['uri']}\n"
        . "desc: Request: {$s['method']} {$s['uri']}, status 200\ndesc: Duration: 5000 ns, peak memory 4096 bytes\n"
        . "positions: line\nevents: {$s['counter']} {$s['time']}\n\n"
        . "fl=(1) $source\nfn=(1) {$s['main']}\n3 " . 2 * $k . ' ' . 3 * $k . "\n"
        . "cfl=(2) {$s['file']}\ncfn=(2) {$s['b']}\ncalls=2 1\n4 " . 10 * $k . ' ' . 20 * $k . "\n"
        . "cfl=(2)\ncfn=(3) {$s['c']}\ncalls=1 1\n5 " . 5 * $k . ' ' . 7 * $k . "\n"
        . "fl=(2)\nfn=(2)\n1 " . 10 * $k . ' ' . 20 * $k . "\nfn=(3)\n1 " . 5 * $k . ' ' . 7 * $k . "\n";
}

/** bench's JSON, with the tree (format_version 1) or with edges only (before it). */
function json(array $s, int $k, bool $tree): string
{
    global $source;
    $costs = fn(int $a, int $b) => [$s['counter'] => $a * $k, $s['time'] => $b * $k];
    $json = ['format_version' => $tree ? 1 : 0, 'bench' => $s['comment'], 'mode' => $s['mode'], 'command' => $s['uri'], 'pid' => 7,
        'request' => ['method' => $s['method'], 'status' => 200, 'time_ns' => 1_700_000_000_000_000_000, 'duration_ns' => 5000, 'peak_memory' => 4096],
        'counters' => [$s['counter'], $s['time']],
        'functions' => [['name' => $s['main'], 'file' => $source, 'line' => 3, 'calls' => 1, 'own' => $costs(2, 3), 'inclusive' => $costs(17, 30)],
            ['name' => $s['b'], 'file' => $s['file'], 'line' => 1, 'calls' => 2, 'own' => $costs(10, 20), 'inclusive' => $costs(10, 20)],
            ['name' => $s['c'], 'file' => $s['file'], 'line' => 1, 'calls' => 1, 'own' => $costs(5, 7), 'inclusive' => $costs(5, 7)]]];
    if ($tree) {
        $json['tree'] = [['parent' => -1, 'function' => 0, 'calls' => 1, 'own' => $costs(2, 3), 'line' => 3],
            ['parent' => 0, 'function' => 1, 'calls' => 2, 'own' => $costs(10, 20), 'line' => 1, 'call_line' => 4],
            ['parent' => 0, 'function' => 2, 'calls' => 1, 'own' => $costs(5, 7), 'line' => 1, 'call_line' => 5]];
    } else {
        $json['edges'] = [['caller' => $s['main'], 'callee' => $s['b'], 'calls' => 2, 'inclusive' => $costs(10, 20)],
            ['caller' => $s['main'], 'callee' => $s['c'], 'calls' => 1, 'inclusive' => $costs(5, 7)]];
    }
    return json_encode($json, JSON_THROW_ON_ERROR);
}

/** pprof: the same calls as samples, with the request in labels and comments. */
function pprof(array $s, int $k): string
{
    global $source;
    $strings = ['' => 0];
    $id = function (string $text) use (&$strings): int {
        return $strings[$text] ??= count($strings);
    };
    $type = fn(string $name, string $unit) => pb_put_bytes(1, pb_put_int(1, $id($name)) . pb_put_int(2, $id($unit)));
    $out = $type('calls', 'count') . $type($s['counter'], 'count') . $type($s['time'], 'nanoseconds');
    $label = fn(string $key, string $value) => pb_put_bytes(3, pb_put_int(1, $id($key)) . pb_put_int(2, $id($value)));
    $labels = $label('uri', $s['uri']) . $label('method', $s['method']) . $label('script', $s['label']) . $label('sapi', $s['label'])
        . pb_put_bytes(3, pb_put_int(1, $id('status')) . pb_put_int(3, 200));
    foreach ([[[1], [1, 2, 3]], [[2, 1], [2, 10, 20]], [[3, 1], [1, 5, 7]]] as $i => [$stack, $values]) {
        $out .= pb_put_bytes(2, pb_put_packed(1, $stack) . pb_put_packed(2, array_map(fn($v) => $v * $k, $values)) . ($i ? '' : $labels));
    }
    foreach ([[$s['main'], $source, 3, 4], [$s['b'], $s['file'], 1, 1], [$s['c'], $s['file'], 1, 1]] as $i => [$name, $file, $first, $line]) {
        $out .= pb_put_bytes(4, pb_put_int(1, $i + 1) . pb_put_bytes(4, pb_put_int(1, $i + 1) . pb_put_int(2, $line)));
        $out .= pb_put_bytes(5, pb_put_int(1, $i + 1) . pb_put_int(2, $id($name)) . pb_put_int(3, $id($name)) . pb_put_int(4, $id($file))
            . pb_put_int(5, $first));
    }
    $out .= pb_put_int(9, 1_700_000_000_000_000_000) . pb_put_int(10, 5000);
    foreach (["uri={$s['uri']}", "method={$s['method']} status=200", $s['comment']] as $comment) {
        $out .= pb_put_int(13, $id($comment));
    }
    foreach (array_keys($strings) as $text) {
        $out .= pb_put_bytes(6, (string) $text);
    }
    return $out;
}

/** A frame of folded stacks: text (no control character) without ';'. */
function folded_name(string $name): string
{
    return preg_replace('/[\x00-\x1f;]/', ',', $name);
}

/** Folded stacks; the counter is the file's name's. */
function folded(array $s, int $k): string
{
    [$a, $b, $c] = array_map(fn($f) => folded_name($s[$f]), ['main', 'b', 'c']);
    return "$a " . 2 * $k . "\n$a;$b " . 10 * $k . "\n$a;$c " . 5 * $k . "\n";
}

$formats = ['callgrind' => 'callgrind', 'json' => 'json', 'json-edges' => 'json', 'pprof' => 'pb', 'folded' => 'wall_ns.folded'];
$names = $counters = $requests = $paths = $files = [];
foreach ($formats as $format => $ext) {
    $s = strings($format);
    foreach ([1, 3] as $k) {
        $files[$format][$k] = "$dir/bench.$format.$k.$ext";
        file_put_contents($files[$format][$k], match ($format) {
            'callgrind' => callgrind($s, $k), 'json' => json($s, $k, true), 'json-edges' => json($s, $k, false),
            'pprof' => pprof($s, $k), 'folded' => folded($s, $k),
        });
    }
    $names[$format] = $format === 'folded' ? array_map(fn($f) => folded_name($s[$f]), ['main', 'b', 'c']) : [$s['main'], $s['b'], $s['c']];
    $counters[$format] = $format === 'folded' ? ['wall_ns'] : [$s['counter'], $s['time']];
    $requests[$format] = $format === 'folded' ? [] : [$s['method'], $s['uri']];
    $paths[$format] = $format === 'folded' ? [] : [$source, $s['file']];
}
// A file no reader takes, named and filled with markup: the report lists it with the reason.
$skipped = "$dir/<img src=x onerror=xss(0)>.callgrind";
file_put_contents($skipped, "events: x\nfn=a\n<svg onload=xss(0)> 1\n");
$title = hostile('--title');

// What the page does is watched from before its first script: the payloads' marker, the policy's reports, markup that is not the report's.
$watch = <<<'JS'
window.__xss = [];
window.xss = function (n) { window.__xss.push(n); };
window.__csp = [];
document.addEventListener('securitypolicyviolation', function (e) { window.__csp.push(e.violatedDirective); });
window.__injected = function () {
    var bad = [], count = {};
    document.querySelectorAll('*').forEach(function (e) {
        count[e.localName] = (count[e.localName] || 0) + 1;
        Array.prototype.forEach.call(e.attributes, function (a) {
            if (/^on/i.test(a.name) || /^(href|src|srcdoc|action|formaction|data|xlink:href)$/i.test(a.name)) {
                bad.push(e.localName + '[' + a.name + ']');
            }
        });
        if (/^(img|image|iframe|frame|object|embed|base|form|link|use|animate|set)$/.test(e.localName)) {
            bad.push(e.localName);
        }
    });
    // The report's own: the data and the script, the charset and the policy, one style (an SVG file: no data, no charset).
    var own = document.getElementById('bench-data') ? {script: 2, meta: 2, style: 1} : {script: 1, meta: 1, style: 1};
    Object.keys(own).forEach(function (tag) {
        if ((count[tag] || 0) !== own[tag]) {
            bad.push((count[tag] || 0) + ' ' + tag);
        }
    });
    return bad;
};
JS;

$chromium = new Cdp();
/** Gives the $index-th element that a selector finds an id (which no other element keeps), for a click or a hover. */
$mark = fn(string $selector, int $index, string $id) => $chromium->evaluate(sprintf('(all => { document.querySelectorAll("[id=%2$s]").forEach(e => e.removeAttribute("id"));'
    . ' all[%3$d].id = "%2$s"; return all.length; })(document.querySelectorAll(%1$s))', json_encode($selector), $id, $index));
$chromium->call('Page.addScriptToEvaluateOnNewDocument', ['source' => $watch]);
$js = fn(string $expression) => $chromium->evaluate($expression);

/** Moves the mouse over the middle of an element, as a person would. */
$hover = function (string $selector) use ($chromium, $js): void {
    $box = $js(sprintf('(() => { const e = document.querySelector(%s); e.scrollIntoView({block: "center"}); const r = e.getBoundingClientRect();'
        . ' return [r.x + r.width / 2, r.y + r.height / 2]; })()', json_encode($selector)));
    $chromium->call('Input.dispatchMouseEvent', ['type' => 'mouseMoved', 'x' => $box[0], 'y' => $box[1]]);
};

/** The strings of $expected that the page does not show, as a list for the output ("none" when all are). */
$missing = function (array $expected, array $shownTexts): string {
    $shownTexts = array_map('shown', $shownTexts);
    $lost = array_filter($expected, fn($s) => !in_array(shown($s), $shownTexts, true));
    return $lost ? implode(', ', array_map('json_encode', $lost)) : 'none';
};

/**
 * What every page gets checked for, after what was done to it: its policy
 * (the hashes left out), its own script running, no payload run, no markup
 * of a profile's, no console error. Then the policy is tried: from the page,
 * innerHTML and an inline handler (Trusted Types refuse both); and on a copy
 * of the file with markup put in after the policy, as a hole in the escaping
 * would, where the page's own script must still run and the markup must not.
 */
$verdict = function (string $own, string $file) use ($chromium, $js, &$fields): void {
    $csp = $js('(e => e ? e.getAttribute("content") : "(none)")(document.querySelector("meta[http-equiv=Content-Security-Policy]"))');
    echo 'policy: ', preg_replace("/'sha256-[A-Za-z0-9+\\/]{43}='/", "'sha256-…'", $csp), "\n";
    $ran = function () use ($js, &$fields): string {
        $ran = array_unique($js('window.__xss'));
        return $ran ? implode(', ', array_map(fn($n) => "xss($n) of the " . ($fields[$n] ?? 'source file or test'), $ran)) : 'none';
    };
    echo 'its own script ran: ', $js("typeof $own") === 'object' ? 'yes' : 'no', "\n";
    echo 'payloads run: ', $ran(), "\n";
    echo 'markup of the profiles: ', implode(', ', $js('window.__injected()')) ?: 'none', "\n";
    echo 'console: ', $chromium->errors ? implode("\n", array_unique($chromium->errors)) : 'no error', "\n";
    $tried = $js(<<<'JS'
        (() => {
            const e = document.querySelector('g.f') || document.documentElement, said = [];
            for (const [what, f] of [['innerHTML', () => { e.innerHTML = '<b>x</b>'; }], ['handler', () => e.setAttribute('onclick', 'xss(-1)')]]) {
                try {
                    f();
                    said.push(what + ' taken');
                } catch (x) {
                    said.push(what + ' refused');
                }
            }
            return said.join(', ');
        })()
        JS);
    // A hole: after the policy (HTML) or the SVG's style, handlers, a script, an image and an iframe.
    $text = file_get_contents($file);
    $hole = str_ends_with($file, '.svg')
        ? preg_replace('~</style>\n~', "\$0<svg onload=\"xss(-2)\"/><image href=\"x.png\" onerror=\"xss(-2)\"/><script>xss(-2)</script>", $text, 1)
        : preg_replace('~<body>\n~', "\$0<img src=x onerror=xss(-2)><script>xss(-2)</script><iframe src=\"javascript:xss(-2)\"></iframe>", $text, 1);
    $copy = preg_replace('/(\.\w+)$/', '.hole$1', $file);
    file_put_contents($copy, $hole);
    $chromium->errors = [];
    $chromium->open("file://$copy");
    $js('new Promise(done => setTimeout(done, 200))');
    $others = array_filter($chromium->errors, fn($e) => !str_contains($e, 'Content Security Policy'));
    printf("tried: %s; a hole: its own script %s, the markup's %s, reports %s%s\n", $tried, $js("typeof $own") === 'object' ? 'runs' : 'does not run',
        $ran() === 'none' ? 'does not' : 'runs: ' . $ran(), implode(', ', array_unique($js('window.__csp'))),
        $others ? '; other errors: ' . implode("\n", $others) : '');
    $chromium->errors = [];
};

/** Every counter of the select, every frame hovered, a search typed: of an HTML page's flame graphs. */
$flames = function () use ($chromium, $js, $hover, $mark): array {
    $done = ['counters' => 0, 'frames' => 0, 'names' => []];
    foreach ($js('Array.from(document.querySelectorAll("#counter option")).map(o => o.value)') as $value) {
        $js(sprintf('(s => { s.value = %s; s.dispatchEvent(new Event("change")); })(document.getElementById("counter"))', json_encode($value)));
        $done['counters']++;
        $n = $js('document.querySelectorAll(".flame:not(.hidden) g.f").length');
        for ($i = 0; $i < $n; $i++) {
            $mark('.flame:not(.hidden) g.f', $i, 'hovered');
            $hover('#hovered rect');
            $done['names'][] = explode('  |  ', $js('document.querySelector(".flame:not(.hidden) .details").textContent'))[0];
            $done['frames']++;
        }
        if ($n) {
            $chromium->click('.flame:not(.hidden) g.f rect');
        }
        $chromium->type('#search', '<img');
        $chromium->key('Escape');
        $js('document.getElementById("search").value = "/xss\\\\(/"; document.getElementById("search").dispatchEvent(new Event("input")); 1');
    }
    return $done;
};

/** Every heading of every sortable table clicked, twice. */
$sort = function () use ($chromium, $js, $mark): int {
    $n = $js('document.querySelectorAll("table.sortable th").length');
    for ($i = 0; $i < $n; $i++) {
        $mark('table.sortable th', $i, 'sorted');
        $chromium->click('#sorted');
        $chromium->click('#sorted');
    }
    return $n;
};

$html = function (string $what, array $args, array $names, array $paths, array $counters, array $requests, bool $lines)
    use ($chromium, $js, $title, $verdict, $flames, $sort, $missing, $mark, $dir): void {
    echo "== bench html: $what\n";
    echo report_out(['html', ...$args, '-o', "$dir/report.html", "--title=$title", '--quiet']);
    $chromium->open("file://$dir/report.html");
    $done = $flames();
    $columns = $sort();
    $rows = $js('document.querySelectorAll("#function-table tbody tr").length');
    $links = 0;
    $seen = ['table' => [], 'titles' => [], 'links' => [], 'headings' => [], 'source' => []];
    for ($r = 0; $r < $rows; $r++) {
        $mark('#function-table tbody tr', $r, 'row');
        $chromium->click('#row td.name');
        // A name is shown short (no namespaces, no directories), whole on hover.
        $seen['table'][] = $js('document.querySelector("#row td.name").title.split("\\n")[0]');
        $seen['titles'][] = $js('document.getElementById("cc-title").textContent');
        array_push($seen['headings'], ...$js('Array.from(document.querySelectorAll("#callers th, #callees th")).map(th => th.textContent.replace(/ inclusive$/, ""))'));
        // The lines' headings are the flame graph's counter.
        foreach ($js('Array.from(document.querySelectorAll("#counter option")).map(o => o.value)') as $value) {
            $js(sprintf('(s => { s.value = %s; s.dispatchEvent(new Event("change")); })(document.getElementById("counter"))', json_encode($value)));
            array_push($seen['source'], ...$js('Array.from(document.querySelectorAll("#source th")).map(th => th.textContent.replace(/ (own|in calls made)$/, ""))'));
        }
        $n = $js('document.querySelectorAll("#callers a, #callees a").length');
        for ($i = 0; $i < $n; $i++) {
            $chromium->click('#row td.name');
            $mark('#callers a, #callees a', $i, 'link');
            $seen['links'][] = $js('document.getElementById("link").title');
            $chromium->click('#link');
            $seen['titles'][] = $js('document.getElementById("cc-title").textContent');
            $links++;
        }
    }
    printf("done: %d counters, %d frames hovered, %d columns sorted, %d rows and %d callers' and callees' links clicked\n",
        $done['counters'], $done['frames'], $columns, $rows, $links);
    echo 'title not shown as text: in the title ', $missing([$title], [$js('document.querySelector("title").textContent')]), ', in the heading ',
        $missing([$title], [$js('document.querySelector("h1").textContent')]), "\n";
    echo 'functions not shown as text: in the table ', $missing($names, $seen['table']), ', in the callers\' title ', $missing($names, $seen['titles']),
        ', in links ', $missing(array_slice($names, 1), $seen['links']), ', in frames ', $missing($names, $done['names']), "\n";
    echo 'files not shown as text: ', $missing($paths, $js('Array.from(document.querySelectorAll("#function-table td.name")).map(td => td.title.split("\\n").pop().replace(/:\\d+$/, ""))')), "\n";
    // The page names a counter of bench's by its title (wall time), another's by its name.
    $titles = array_map(fn($c) => \Bench\Report\COUNTER_TITLES[$c] ?? $c, $counters);
    echo 'counters not shown as text: in the select ', $missing($titles, $js('Array.from(document.querySelectorAll("#counter option")).map(o => o.textContent)')),
        ', in headings ', $missing($titles, $seen['headings']), $lines ? ', in the lines\' ' . $missing($titles, $seen['source']) : '', "\n";
    echo 'summary as text: ', str_contains(shown($js('document.querySelector(".summary").textContent')), shown("by {$counters[0]}")) ? 'yes' : 'no', "\n";
    // An endpoint's name is the method and the URI, its numbers as {id}: its markup is looked for.
    echo 'requests not shown as text: ', $missing($requests, $js('Array.from(document.querySelectorAll("#requests td")).map(td => td.textContent)')),
        $requests ? ', endpoints ' . ($js('Array.from(document.querySelectorAll("#endpoints td")).some(td => td.textContent.includes("<svg/onload=xss("))')
        ? 'as text' : 'not shown') : '', "\n";
    if ($lines) {
        $mark('#function-table tbody tr', $js('Array.from(document.querySelectorAll("#function-table td.name")).findIndex(td => td.title.includes("app.php"))'), 'row');
        $chromium->click('#row td.name');
        printf("lines of a(): %d rows, %s\n", $js('document.querySelectorAll("#source tbody tr").length'),
            $js('Array.from(document.querySelectorAll("#source td.code")).some(td => td.textContent.includes("<svg onload=xss(0)>"))') === true ? 'its markup as text' : 'no source');
    }
    $verdict('benchReport', "$dir/report.html");
};

/** A standalone SVG: every frame hovered, a search through the prompt, a zoom and Escape. */
$svg = function (string $what, array $args, array $names, array $paths) use ($chromium, $js, $hover, $verdict, $missing, $mark, $dir, $title): void {
    echo "== $what\n";
    echo report_out([...$args, '-o', "$dir/flame.svg", "--title=$title", '--quiet']);
    $chromium->open("file://$dir/flame.svg");
    $seen = [];
    $n = $js('document.querySelectorAll("g.f").length');
    for ($i = 0; $i < $n; $i++) {
        $mark('g.f', $i, 'hovered');
        $hover('#hovered rect');
        $seen[] = explode('  |  ', $js('document.querySelector(".details").textContent'))[0];
    }
    $chromium->click('g.f rect');
    $chromium->promptText = '<svg';
    $chromium->key('/');
    $matched = $js('document.querySelector(".matched").textContent');
    $chromium->key('Escape');
    printf("done: %d frames hovered, searched (%s), zoomed\n", $n, preg_replace('/\d[\d,.]*/', 'N', $matched));
    echo 'title not shown as text: ', $missing([$title], [$js('document.querySelector(".title").textContent')]), "\n";
    echo 'functions not shown as text: ', $missing($names, $seen), "\n";
    // A frame's tooltip: its name, its file and line, its costs.
    echo 'files not shown as text: ', $missing($paths, $js('Array.from(document.querySelectorAll("g.f title")).map(t => (t.textContent.split("\\n")[1] || "").replace(/:\\d+$/, ""))')), "\n";
    $verdict('benchFlame', "$dir/flame.svg");
};

foreach ($formats as $format => $ext) {
    // The source file lies outside the profiles' script directory (the hostile URI): --source-root lets the line view read it.
    $html($format, [$files[$format][1], ...($format === 'callgrind' ? [$skipped] : []), "--source-root=$srcDir"], $names[$format], $paths[$format], $counters[$format], $requests[$format],
        !in_array($format, ['json-edges', 'folded'], true));
    if ($format === 'callgrind') {
        echo 'the skipped file: ', $js('Array.from(document.querySelectorAll("#skipped code")).map(c => c.textContent).join()') === $skipped ? 'named as text' : 'not named', "\n";
    }
    $svg("bench flame: $format", ['flame', $files[$format][1]], $names[$format], $paths[$format]);
}

echo "== bench diff -o .html: callgrind, JSON and pprof, costs tripled\n";
$sets = fn(int $k) => array_map(fn($f) => $files[$f][$k], ['callgrind', 'json', 'pprof']);
echo report_out(['diff', ...$sets(1), '--', ...$sets(3), '-o', "$dir/diff.html", "--title=$title", '--all', '--quiet']);
$chromium->open("file://$dir/diff.html");
$done = $flames();
printf("done: %d counters, %d frames hovered, %d columns sorted\n", $done['counters'], $done['frames'], $sort());
$all = [...$names['callgrind'], ...$names['json'], ...$names['pprof']];
echo 'title not shown as text: ', $missing([$title], [$js('document.querySelector("title").textContent')]), "\n";
echo 'functions not shown as text: in the tables ', $missing($all, $js('Array.from(document.querySelectorAll("#changes td.name")).map(td => td.textContent)')),
    ', in frames ', $missing($all, $done['names']), "\n";
echo 'counters not shown as text: ', $missing([...$counters['callgrind'], ...$counters['json'], ...$counters['pprof']],
    $js('Array.from(document.querySelectorAll("#counter option")).map(o => o.textContent)')), "\n";
$verdict('benchReport', "$dir/diff.html");
// The graph of the first counter, callgrind's.
$svg('bench diff -o .svg', ['diff', ...$sets(1), '--', ...$sets(3)], $names['callgrind'], $paths['callgrind']);
?>
--EXPECTF--
== bench html: callgrind
done: 3 counters, 6 frames hovered, 35 columns sorted, 3 rows and 4 callers' and callees' links clicked
title not shown as text: in the title none, in the heading none
functions not shown as text: in the table none, in the callers' title none, in links none, in frames none
files not shown as text: none
counters not shown as text: in the select none, in headings none, in the lines' none
summary as text: yes
requests not shown as text: none, endpoints as text
lines of a(): 3 rows, its markup as text
policy: default-src 'none'; script-src 'sha256-…'; style-src 'sha256-…'; object-src 'none'; base-uri 'none'; form-action 'none'; require-trusted-types-for 'script'; trusted-types 'none'
its own script ran: yes
payloads run: none
markup of the profiles: none
console: no error
tried: innerHTML refused, handler refused; a hole: its own script runs, the markup's does not, reports script-src-attr, img-src, script-src-elem
the skipped file: named as text
== bench flame: callgrind
done: 3 frames hovered, searched (Matched: N frames, N (N%)), zoomed
title not shown as text: none
functions not shown as text: none
files not shown as text: none
policy: default-src 'none'; script-src 'sha256-…'; style-src 'sha256-…'; object-src 'none'; base-uri 'none'; form-action 'none'; require-trusted-types-for 'script'; trusted-types 'none'
its own script ran: yes
payloads run: none
markup of the profiles: none
console: no error
tried: innerHTML refused, handler refused; a hole: its own script runs, the markup's does not, reports script-src-attr, img-src, script-src-elem
== bench html: json
done: 3 counters, 9 frames hovered, 35 columns sorted, 3 rows and 4 callers' and callees' links clicked
title not shown as text: in the title none, in the heading none
functions not shown as text: in the table none, in the callers' title none, in links none, in frames none
files not shown as text: none
counters not shown as text: in the select none, in headings none, in the lines' none
summary as text: yes
requests not shown as text: none, endpoints as text
lines of a(): 3 rows, its markup as text
policy: default-src 'none'; script-src 'sha256-…'; style-src 'sha256-…'; object-src 'none'; base-uri 'none'; form-action 'none'; require-trusted-types-for 'script'; trusted-types 'none'
its own script ran: yes
payloads run: none
markup of the profiles: none
console: no error
tried: innerHTML refused, handler refused; a hole: its own script runs, the markup's does not, reports script-src-attr, img-src, script-src-elem
== bench flame: json
done: 3 frames hovered, searched (Matched: N frames, N (N%)), zoomed
title not shown as text: none
functions not shown as text: none
files not shown as text: none
policy: default-src 'none'; script-src 'sha256-…'; style-src 'sha256-…'; object-src 'none'; base-uri 'none'; form-action 'none'; require-trusted-types-for 'script'; trusted-types 'none'
its own script ran: yes
payloads run: none
markup of the profiles: none
console: no error
tried: innerHTML refused, handler refused; a hole: its own script runs, the markup's does not, reports script-src-attr, img-src, script-src-elem
== bench html: json-edges
done: 3 counters, 9 frames hovered, 35 columns sorted, 3 rows and 4 callers' and callees' links clicked
title not shown as text: in the title none, in the heading none
functions not shown as text: in the table none, in the callers' title none, in links none, in frames none
files not shown as text: none
counters not shown as text: in the select none, in headings none
summary as text: yes
requests not shown as text: none, endpoints as text
policy: default-src 'none'; script-src 'sha256-…'; style-src 'sha256-…'; object-src 'none'; base-uri 'none'; form-action 'none'; require-trusted-types-for 'script'; trusted-types 'none'
its own script ran: yes
payloads run: none
markup of the profiles: none
console: no error
tried: innerHTML refused, handler refused; a hole: its own script runs, the markup's does not, reports script-src-attr, img-src, script-src-elem
== bench flame: json-edges
done: 3 frames hovered, searched (Matched: N frames, N (N%)), zoomed
title not shown as text: none
functions not shown as text: none
files not shown as text: none
policy: default-src 'none'; script-src 'sha256-…'; style-src 'sha256-…'; object-src 'none'; base-uri 'none'; form-action 'none'; require-trusted-types-for 'script'; trusted-types 'none'
its own script ran: yes
payloads run: none
markup of the profiles: none
console: no error
tried: innerHTML refused, handler refused; a hole: its own script runs, the markup's does not, reports script-src-attr, img-src, script-src-elem
== bench html: pprof
done: 3 counters, 9 frames hovered, 35 columns sorted, 3 rows and 4 callers' and callees' links clicked
title not shown as text: in the title none, in the heading none
functions not shown as text: in the table none, in the callers' title none, in links none, in frames none
files not shown as text: none
counters not shown as text: in the select none, in headings none, in the lines' none
summary as text: yes
requests not shown as text: none, endpoints as text
lines of a(): 2 rows, its markup as text
policy: default-src 'none'; script-src 'sha256-…'; style-src 'sha256-…'; object-src 'none'; base-uri 'none'; form-action 'none'; require-trusted-types-for 'script'; trusted-types 'none'
its own script ran: yes
payloads run: none
markup of the profiles: none
console: no error
tried: innerHTML refused, handler refused; a hole: its own script runs, the markup's does not, reports script-src-attr, img-src, script-src-elem
== bench flame: pprof
done: 3 frames hovered, searched (Matched: N frames, N (N%)), zoomed
title not shown as text: none
functions not shown as text: none
files not shown as text: none
policy: default-src 'none'; script-src 'sha256-…'; style-src 'sha256-…'; object-src 'none'; base-uri 'none'; form-action 'none'; require-trusted-types-for 'script'; trusted-types 'none'
its own script ran: yes
payloads run: none
markup of the profiles: none
console: no error
tried: innerHTML refused, handler refused; a hole: its own script runs, the markup's does not, reports script-src-attr, img-src, script-src-elem
== bench html: folded
done: 2 counters, 3 frames hovered, 32 columns sorted, 3 rows and 4 callers' and callees' links clicked
title not shown as text: in the title none, in the heading none
functions not shown as text: in the table none, in the callers' title none, in links none, in frames none
files not shown as text: none
counters not shown as text: in the select none, in headings none
summary as text: yes
requests not shown as text: none
policy: default-src 'none'; script-src 'sha256-…'; style-src 'sha256-…'; object-src 'none'; base-uri 'none'; form-action 'none'; require-trusted-types-for 'script'; trusted-types 'none'
its own script ran: yes
payloads run: none
markup of the profiles: none
console: no error
tried: innerHTML refused, handler refused; a hole: its own script runs, the markup's does not, reports script-src-attr, img-src, script-src-elem
== bench flame: folded
done: 3 frames hovered, searched (Matched: N frames, N ns (N%)), zoomed
title not shown as text: none
functions not shown as text: none
files not shown as text: none
policy: default-src 'none'; script-src 'sha256-…'; style-src 'sha256-…'; object-src 'none'; base-uri 'none'; form-action 'none'; require-trusted-types-for 'script'; trusted-types 'none'
its own script ran: yes
payloads run: none
markup of the profiles: none
console: no error
tried: innerHTML refused, handler refused; a hole: its own script runs, the markup's does not, reports script-src-attr, img-src, script-src-elem
== bench diff -o .html: callgrind, JSON and pprof, costs tripled
done: 7 counters, 24 frames hovered, 56 columns sorted
title not shown as text: none
functions not shown as text: in the tables none, in frames none
counters not shown as text: none
policy: default-src 'none'; script-src 'sha256-…'; style-src 'sha256-…'; object-src 'none'; base-uri 'none'; form-action 'none'; require-trusted-types-for 'script'; trusted-types 'none'
its own script ran: yes
payloads run: none
markup of the profiles: none
console: no error
tried: innerHTML refused, handler refused; a hole: its own script runs, the markup's does not, reports script-src-attr, img-src, script-src-elem
== bench diff -o .svg
done: 3 frames hovered, searched (Matched: N frames, N (N%)), zoomed
title not shown as text: none
functions not shown as text: none
files not shown as text: none
policy: default-src 'none'; script-src 'sha256-…'; style-src 'sha256-…'; object-src 'none'; base-uri 'none'; form-action 'none'; require-trusted-types-for 'script'; trusted-types 'none'
its own script ran: yes
payloads run: none
markup of the profiles: none
console: no error
tried: innerHTML refused, handler refused; a hole: its own script runs, the markup's does not, reports script-src-attr, img-src, script-src-elem
