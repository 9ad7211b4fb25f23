--TEST--
bench html draws sample mode's time samples as timelines too, from JSON and from pprof, in headless Chromium: three outer() calls, each holding one inner(), are three nested pairs of about their length, a row of the requests table shows that request's timeline
--DESCRIPTION--
outer() runs 24 ms (inner() 12 of them), {main} 8 ms between: at a sample a
millisecond, a span is off by the gaps between samples at its two ends. The
thresholds (outer at least 15 ms, inner at least 8 ms) fail only where the
ticker was kept off the CPU for more than 4 ms at once, at both ends of a call.
--SKIPIF--
<?php
if (getenv('SKIP_PERF_SENSITIVE')) die('skip bin/bench\'s PHP under valgrind: report_fuzz and zstd_decompress check bench.so\'s part');
require __DIR__ . '/report.inc';
require __DIR__ . '/../../benchmarks/lib/cdp.php';
sample_mode_skip();
cdp_skip();
if (!bench_info()['features']['zlib']['available']) die('skip built without zlib');
?>
--FILE--
<?php
require __DIR__ . '/report.inc';
require __DIR__ . '/../../benchmarks/lib/cdp.php';
$dir = report_dir();
$code = <<<'PHP'
<?php
function spin($ms) { for ($t = hrtime(true); hrtime(true) - $t < $ms * 1e6;) {} }
function inner() { spin(12); }
function outer() { spin(6); inner(); spin(6); }
for ($i = 0; $i < 3; $i++) { outer(); spin(8); }
PHP;
$ini = ['bench.mode' => 'sample', 'bench.sample_interval_us' => '1000', 'bench.count_ops' => '0'];
report_profile('bench.s.json', $code, $ini, 'json');
report_profile('bench.s.pb.gz', $code, $ini + ['bench.compress' => 'gzip'], 'pprof');
report_profile('bench.o.json', '<?php function other() { for ($t = hrtime(true); hrtime(true) - $t < 5e6;) {} } other();', $ini, 'json');
echo report_out(['html', "$dir/bench.s.json", "$dir/bench.s.pb.gz", "$dir/bench.o.json", '-o', "$dir/t.html", '--quiet']);

$chromium = new Cdp();
$chromium->viewport(1280, 800);
$chromium->open("file://$dir/t.html");
echo "timelines: ", $chromium->evaluate('Array.from(document.querySelectorAll(".timeline")).map(t => t.getAttribute("data-file")).sort().join(", ")'), "\n";
foreach (['bench.s.json', 'bench.s.pb.gz'] as $file) {
    $chromium->evaluate(sprintf('(s => { s.value = Array.from(s.options).find(o => o.textContent.includes(%s)).value; s.dispatchEvent(new Event("change")); })'
        . '(document.getElementById("timeline")); 1', json_encode("($file)")));
    $spans = $chromium->evaluate('Array.from(document.querySelectorAll(".timeline:not(.hidden) g.f")).map(g => { const r = g.querySelector("rect");'
        . ' return [g.querySelector("title").textContent.split("\n")[0], +r.getAttribute("x"), +r.getAttribute("width"), +r.getAttribute("y"), +g.getAttribute("data-v")]; })');
    $of = fn(string $name) => array_values(array_filter($spans, fn($s) => $s[0] === $name));
    [$outer, $inner] = [$of('outer'), $of('inner')];
    echo "$file: outer ", count($outer), ", inner ", count($inner), "\n";
    if (($shots = getenv('BENCH_SCREENSHOTS')) && $file === 'bench.s.json') {
        $chromium->evaluate('document.getElementById("timelines").scrollIntoView(); 1');
        $chromium->screenshot("$shots/report-timeline-sampled.png");
    }
    foreach ($outer as $k => [, $x, $w, $y, $ns]) {
        [, $ix, $iw, $iy, $ins] = $inner[$k] ?? [null, -1, 0, 0, 0];
        printf("  pair %d: inner inside outer %s, a row below %s, outer at least 15 ms %s, inner at least 8 ms %s, after the one before %s\n", $k + 1,
            $ix >= $x && $ix + $iw <= $x + $w + 0.01 ? 'yes' : 'no', $iy > $y ? 'yes' : 'no', $ns >= 15e6 ? 'yes' : $ns, $ins >= 8e6 ? 'yes' : $ins,
            $k === 0 || $x >= $outer[$k - 1][1] + $outer[$k - 1][2] - 0.01 ? 'yes' : 'no');
    }
    echo "  note: ", preg_replace('/^[\d.]+ ms: \d+ time samples, one every 1\.00 ms: /', '(duration): (n) time samples, one every 1.00 ms: ',
        $chromium->evaluate('Array.from(document.querySelectorAll(".timeline:not(.hidden) text.note")).map(t => t.textContent).join(" ")')), "\n";
}
$chromium->evaluate('(r => r.id = "o-row")(Array.from(document.querySelectorAll("#requests tr[data-request]")).find(r => r.lastChild.textContent === "bench.o.json")); 1');
$chromium->click('#o-row');
echo "the other request's row: its timeline shown: ", $chromium->evaluate('document.querySelector(".timeline:not(.hidden)").getAttribute("data-file")'), "\n";
echo "console: ", $chromium->errors ? implode("\n", $chromium->errors) : 'no error', "\n";
?>
--EXPECT--
timelines: bench.o.json, bench.s.json, bench.s.pb.gz
bench.s.json: outer 3, inner 3
  pair 1: inner inside outer yes, a row below yes, outer at least 15 ms yes, inner at least 8 ms yes, after the one before yes
  pair 2: inner inside outer yes, a row below yes, outer at least 15 ms yes, inner at least 8 ms yes, after the one before yes
  pair 3: inner inside outer yes, a row below yes, outer at least 15 ms yes, inner at least 8 ms yes, after the one before yes
  note: (duration): (n) time samples, one every 1.00 ms: a bar is a frame on the stack from one sample to the next
bench.s.pb.gz: outer 3, inner 3
  pair 1: inner inside outer yes, a row below yes, outer at least 15 ms yes, inner at least 8 ms yes, after the one before yes
  pair 2: inner inside outer yes, a row below yes, outer at least 15 ms yes, inner at least 8 ms yes, after the one before yes
  pair 3: inner inside outer yes, a row below yes, outer at least 15 ms yes, inner at least 8 ms yes, after the one before yes
  note: (duration): (n) time samples, one every 1.00 ms: a bar is a frame on the stack from one sample to the next
the other request's row: its timeline shown: bench.o.json
console: no error
