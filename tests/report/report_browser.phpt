--TEST--
Headless Chromium opens the flame graph (SVG) and the HTML report from disk with no console error; a mouse zooms, the keyboard searches, and what is shown is checked: zoomed widths, the matches' exact sum (a match inside another counted once), the counter's graph, sorting, callers and callees, the requests
--SKIPIF--
<?php
// The report command is PHP code: under valgrind bench.so's part of it (zstd) is checked by report_fuzz and zstd_decompress.
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
$dir = report_dir();
$pb = report_profile('bench.w.pb', REPORT_WORKLOAD, ['bench.owners' => 'user,internal'], 'pprof');
echo report_out(['flame', $pb, '-o', "$dir/f.svg", '--by=allocs', '--quiet']);
$chromium = new Cdp();
$width = fn(string $frame) => $chromium->evaluate("benchFlame.frames.find(f => f.name === '$frame').rect.getAttribute('width')");

echo "== the SVG\n";
$chromium->open("file://$dir/f.svg");
$leaf = 'document.querySelectorAll("g.f")[Array.from(document.querySelectorAll("g.f")).findIndex(g => g.querySelector("title").textContent.startsWith("leaf\n"))]';
$chromium->evaluate("$leaf.id = 'leaf'");
printf("leaf before: %s px\n", $width('leaf'));
$chromium->click('#leaf rect');
printf("clicked leaf: leaf %s px, str_repeat %s px, {request} %s (%s)\n", $width('leaf'), $width('str_repeat'),
    $chromium->evaluate('benchFlame.frames[0].g.getAttribute("class")'),
    $chromium->evaluate('getComputedStyle(document.querySelector(".reset")).visibility') === 'visible' ? 'Reset zoom shown' : 'no reset');
$chromium->promptText = '/^(leaf|str_repeat)$/';
$chromium->key('/');
echo "searched: ", $chromium->evaluate('document.querySelector(".matched").textContent'), "\n";
$chromium->key('Escape');
printf("Escape: leaf %s px again, matches cleared: %s\n", $width('leaf'),
    $chromium->evaluate('document.querySelectorAll("g.f.match").length') === 0 ? 'yes' : 'no');
$chromium->call('Input.dispatchMouseEvent', ['type' => 'mouseMoved', 'x' => 600, 'y' => 130]);
echo "hover on {request}: ", $chromium->evaluate('document.querySelector(".details").textContent.split("  |  ")[0]'), "\n";
echo "console: ", $chromium->errors ? implode("\n", $chromium->errors) : 'no error', "\n";

echo "== the HTML report of three requests\n";
foreach ([2, 3] as $copy) {
    copy($pb, "$dir/bench.copy$copy.pb");
}
echo report_out(['html', "$dir/bench.*.pb", '-o', "$dir/report.html", '--by=allocs', '--quiet']);
$chromium->open("file://$dir/report.html");
$visible = '.flame:not(.hidden)';
echo "shown: ", $chromium->evaluate("document.querySelector('$visible').getAttribute('data-id')"), "\n";
$chromium->type('#search', 'mid');
echo "search 'mid': ", $chromium->evaluate("document.querySelector('$visible .matched').textContent"), "\n";
$chromium->evaluate("benchReport.current().frames.find(f => f.name === 'mid').g.id = 'mid'");
$chromium->click('#mid rect');
printf("clicked mid: %s px wide\n", $chromium->evaluate("document.querySelector('#mid rect').getAttribute('width')"));
$chromium->evaluate('const s = document.getElementById("counter"); s.value = "flame-ops"; s.dispatchEvent(new Event("change")); 1');
echo "counter ops: ", $chromium->evaluate("document.querySelector('$visible').getAttribute('data-id')"), ", ",
    $chromium->evaluate("document.querySelector('$visible .matched').textContent"), "\n";
$rows = fn() => $chromium->evaluate("Array.from(document.querySelectorAll('#function-table tbody tr:not(.hidden)')).map(r => r.children[0].textContent).join(', ')");
echo "table rows while searched: ", $rows(), "\n";
$chromium->evaluate('document.getElementById("search").select(); 1');
foreach (['keyDown', 'keyUp'] as $type) {
    $chromium->call('Input.dispatchKeyEvent', ['type' => $type, 'key' => 'Backspace', 'code' => 'Backspace', 'windowsVirtualKeyCode' => 8]);
}
echo "search cleared: ", $chromium->evaluate("document.querySelectorAll('#function-table tbody tr:not(.hidden)').length"), " rows\n";
$column = $chromium->evaluate('document.querySelector("#function-table th[title=\'allocs own\']").getAttribute("data-col")');
$chromium->evaluate("document.querySelector('#function-table th[title=\"allocs own\"]').id = 'allocs-own'");
$first = fn() => $chromium->evaluate("Array.from(document.querySelectorAll('#function-table tbody tr')).map(r => r.children[0].textContent + ' ' + r.children[$column].getAttribute('data-v')).join(', ')");
echo "at first, by allocs own: ", $first(), "\n";
$chromium->click('#allocs-own');
echo "clicked, ascending: ", $first(), "\n";
$chromium->click('#allocs-own');
echo "again, descending: ", $first(), "\n";
$chromium->evaluate('(s => { s.value = "flame-allocs"; s.dispatchEvent(new Event("change")); })(document.getElementById("counter")); scrollTo(0, document.body.scrollHeight); 1');
$chromium->click('#function-table tr[data-f] td.name[title$=":2"]');
echo "callers of ", $chromium->evaluate('document.getElementById("cc-title").textContent'), ": ",
    $chromium->evaluate('Array.from(document.querySelectorAll("#callers tbody tr")).map(r => Array.from(r.children).slice(0, 2).map(c => c.textContent).join(" x ")).join(", ")'),
    "; callees: ", $chromium->evaluate('Array.from(document.querySelectorAll("#callees tbody tr")).map(r => Array.from(r.children).slice(0, 2).map(c => c.textContent).join(" x ")).join(", ")'), "\n";
$sandwich = fn(string $part) => $chromium->evaluate("benchReport.sandwich().$part.frames.map(f => f.name + ' ' + f.value).join(', ')");
echo "sandwich by ", $chromium->evaluate("document.querySelector('.sandwich-callers text.legend').textContent.split(' by ')[1]"), ": callers ", $sandwich('callers'),
    "; callees ", $sandwich('callees'), "; leaf's row: ", $chromium->evaluate("Array.from(document.querySelectorAll('#function-table th[data-col]')).filter(th => th.title.startsWith('allocs ')).map(th => th.title + ' ' + document.querySelector('#function-table tr.chosen').children[th.getAttribute('data-col')].getAttribute('data-v')).join(', ')"), "\n";
echo "the flame graph shows it: ", $chromium->evaluate("document.querySelector('$visible .matched').textContent"), "; its frame in view: ",
    $chromium->evaluate("(r => r.top >= 0 && r.bottom <= innerHeight)(document.querySelector('$visible g.f.match').getBoundingClientRect())") ? 'yes' : 'no',
    "; the search box untouched: '", $chromium->evaluate("document.getElementById('search').value"), "'\n";
echo "requests: ", $chromium->evaluate('document.querySelectorAll("#requests table")[0].tBodies[0].rows.length'), " rows, URI ",
    basename($chromium->evaluate('document.querySelector("#requests tbody tr").children[2].textContent')), "\n";
echo "console: ", $chromium->errors ? implode("\n", $chromium->errors) : 'no error', "\n";
?>
--EXPECTF--
== the SVG
leaf before: %f px
clicked leaf: leaf 1200.00 px, str_repeat 1200.00 px, {request} f request parent (Reset zoom shown)
searched: Matched: 2 frames, 8 (%f%)
Escape: leaf %f px again, matches cleared: yes
hover on {request}: {request}
console: no error
== the HTML report of three requests
shown: flame-allocs
search 'mid': Matched: 1 frames, 36 (%f%)
clicked mid: 1200.00 px wide
counter ops: flame-ops, Matched: 1 frames, %d (%f%)
table rows while searched: mid
search cleared: 5 rows
at first, by allocs own: {request} %d, str_repeat 24, mid 12, {main} 0, leaf 0
clicked, ascending: {main} 0, leaf 0, mid 12, str_repeat 24, {request} %d
again, descending: {request} %d, str_repeat 24, mid 12, {main} 0, leaf 0
callers of leaf: mid x 24; callees: str_repeat x 24
sandwich by allocations: callers leaf 24, mid 24, {main} 24, {request} 24; callees leaf 24, str_repeat 24; leaf's row: allocs own 0, allocs inclusive 24
the flame graph shows it: Matched: 1 frames, %d (%f%); its frame in view: yes; the search box untouched: ''
requests: 3 rows, URI script.php
console: no error
