--TEST--
bench html draws traces (bench.output_format=trace) as timelines, in headless Chromium: three outer() calls, each holding one inner(), are three nested pairs as long as they took, 200,000 tiny calls are not 200,000 spans, a click zooms into a call; the report reads the trace as a profile too (bench top: the calls kept, their time)
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
$dir = report_dir();
$code = <<<'PHP'
<?php
function inner() { usleep(3000); return str_repeat('x', 1000); }
function outer() { usleep(1000); $s = inner(); usleep(1000); return $s; }
for ($i = 0; $i < 3; $i++) { outer(); }
function tiny($i) { return $i + 1; }
for ($i = 0; $i < 200000; $i++) { tiny($i); }
PHP;
report_profile('bench.w.trace.json', $code, ['bench.count_ops' => '0'], 'trace');
$top = report_out(['top', "$dir/bench.w.trace.json", '--raw', '--quiet']);
preg_match_all('/^\s*(\d+)\s+\S+\s+(\d+)\s+\S+\s+(\d+)\s+(outer|inner)$/m', $top, $rows, PREG_SET_ORDER);
usort($rows, fn($a, $b) => strcmp($b[4], $a[4]));
foreach ($rows as [, $own, $incl, $calls, $name]) {
    printf("top: %s %d calls, inclusive at least %d ms: %s\n", $name, $calls, $name === 'outer' ? 15 : 9, $incl >= ($name === 'outer' ? 15e6 : 9e6) ? 'yes' : 'no');
}
echo report_out(['html', "$dir/bench.w.trace.json", '-o', "$dir/t.html", '--quiet']);

$chromium = new Cdp();
$chromium->viewport(1280, 800);
$chromium->open("file://$dir/t.html");
if ($shots = getenv('BENCH_SCREENSHOTS')) {
    $chromium->screenshot("$shots/report-timeline.png");
}
$spans = $chromium->evaluate('Array.from(document.querySelectorAll(".timeline:not(.hidden) g.f")).map(g => { const r = g.querySelector("rect");'
    . ' return [g.querySelector("title").textContent.split("\n")[0], +r.getAttribute("x"), +r.getAttribute("width"), +r.getAttribute("y"), +g.getAttribute("data-v")]; })');
$of = fn(string $name) => array_values(array_filter($spans, fn($s) => $s[0] === $name));
[$outer, $inner] = [$of('outer'), $of('inner')];
echo "spans drawn: ", count($spans) < 50 ? 'fewer than 50' : count($spans), "; outer ", count($outer), ", inner ", count($inner), "\n";
foreach ($outer as $k => [, $x, $w, $y, $ns]) {
    [, $ix, $iw, $iy, $ins] = $inner[$k];
    printf("pair %d: inner inside outer %s, a row below %s, outer took at least 5 ms %s, inner at least 3 ms %s, outer after the one before %s\n", $k + 1,
        $ix >= $x && $ix + $iw <= $x + $w + 0.01 ? 'yes' : 'no', $iy > $y ? 'yes' : 'no', $ns >= 5e6 ? 'yes' : 'no', $ins >= 3e6 ? 'yes' : 'no',
        $k === 0 || $x >= $outer[$k - 1][1] + $outer[$k - 1][2] - 0.01 ? 'yes' : 'no');
}
// A tiny call that the VM's scheduler stretched past 100 us is a span of its own: a few may be.
$note = $chromium->evaluate('Array.from(document.querySelectorAll(".timeline:not(.hidden) text.note")).map(t => t.textContent).join(" ")');
echo "note: ", preg_match('/^[\d.]+ ms: \d+ calls?; ([\d,]+) shorter than 100 us inside their callers$/', $note, $m) && (int) str_replace(',', '', $m[1]) >= 199_990
    ? 'at least 199,990 calls shorter than 100 us inside their callers' : $note, "\n";
$chromium->evaluate('(g => g.id = "outer2")(Array.from(document.querySelectorAll(".timeline:not(.hidden) g.f")).filter(g => g.querySelector("title").textContent.startsWith("outer\n"))[1]); 1');
$chromium->click('#outer2 rect');
printf("clicked the second outer: %s px wide, its inner %s\n", $chromium->evaluate('document.querySelector("#outer2 rect").getAttribute("width")'),
    $chromium->evaluate('Array.from(document.querySelectorAll(".timeline:not(.hidden) g.f:not(.hidden)")).filter(g => g.querySelector("title").textContent.startsWith("inner\n")).length') === 1 ? 'alone shown' : 'not alone');
// Two requests: a row of the requests table opens that request's flame graph and chooses its timeline.
report_profile('bench.x.trace.json', '<?php function other() { usleep(2000); } other();', ['bench.count_ops' => '0'], 'trace');
echo report_out(['html', "$dir/bench.w.trace.json", "$dir/bench.x.trace.json", '-o', "$dir/t2.html", '--quiet']);
$chromium->open("file://$dir/t2.html");
$chromium->evaluate('(r => r.id = "x-row")(Array.from(document.querySelectorAll("#requests tr[data-request]")).find(r => r.lastChild.textContent === "bench.x.trace.json")); 1');
$chromium->click('#x-row');
echo "the second request's row: its flame graph has other(): ", $chromium->evaluate('benchReport.request().frames.some(f => f.name === "other")') ? 'yes' : 'no',
    "; its timeline shown: ", $chromium->evaluate('document.querySelector(".timeline:not(.hidden)").getAttribute("data-file")'), "\n";
echo "console: ", $chromium->errors ? implode("\n", $chromium->errors) : 'no error', "\n";
?>
--EXPECT--
top: outer 3 calls, inclusive at least 15 ms: yes
top: inner 3 calls, inclusive at least 9 ms: yes
spans drawn: fewer than 50; outer 3, inner 3
pair 1: inner inside outer yes, a row below yes, outer took at least 5 ms yes, inner at least 3 ms yes, outer after the one before yes
pair 2: inner inside outer yes, a row below yes, outer took at least 5 ms yes, inner at least 3 ms yes, outer after the one before yes
pair 3: inner inside outer yes, a row below yes, outer took at least 5 ms yes, inner at least 3 ms yes, outer after the one before yes
note: at least 199,990 calls shorter than 100 us inside their callers
clicked the second outer: 1200.00 px wide, its inner alone shown
the second request's row: its flame graph has other(): yes; its timeline shown: bench.x.trace.json
console: no error
