--TEST--
bench diff: a build against itself shows no change; one more allocation a call in one function shows exactly that function grown by that count (its callers' inclusive cost too), per request when the sets differ in size; benchmarks/noise's thresholds; the differential flame graph (SVG) and report (HTML)
--SKIPIF--
<?php
// The report command is PHP code: under valgrind bench.so's part of it (zstd) is checked by report_fuzz and zstd_decompress.
if (getenv('SKIP_PERF_SENSITIVE')) die('skip bin/bench\'s PHP under valgrind: report_fuzz and zstd_decompress check bench.so\'s part');
require __DIR__ . '/report.inc';
profile_skip();
if (trim((string) shell_exec('command -v xmllint')) === '') die('skip xmllint (libxml2-utils) is not installed');
?>
--FILE--
<?php
require __DIR__ . '/report.inc';
$dir = report_dir();
// The same script before and after: "after" runs with highlight.comment=extra, and leaf() then makes one more string a call.
$code = <<<'PHP'
<?php
$extra = ini_get('highlight.comment') === 'extra';
function leaf() { if ($GLOBALS['extra']) { $y = str_repeat('y', 50); } return str_repeat('x', 100); }
function mid($n) { $s = []; for ($i = 0; $i < $n; $i++) { $s[] = leaf(); } return count($s); }
mid(3);
mid(5);
PHP;
mkdir("$dir/before");
mkdir("$dir/again");
mkdir("$dir/after");
$before = report_profile('before/bench.1.pb', $code, [], 'pprof');
report_profile('before/bench.2.pb', $code, [], 'pprof');
report_profile('again/bench.1.json', $code);
report_profile('after/bench.1.pb', $code, ['highlight.comment' => 'extra'], 'pprof');

// Columns are aligned with spaces: one space here.
$squeeze = fn(string $out) => preg_replace('/ +/', ' ', $out);
echo "== the build against itself (pprof before, JSON again)\n";
$out = report_out(['diff', "$dir/before", "$dir/again", '--by=allocs']);
echo $squeeze(preg_replace('/^before: .*$/m', 'before: ...', preg_replace('/^\s*(wall time|calls) .*\n/m', '', $out)));

echo "== one more allocation a call in leaf()\n";
$out = report_out(['diff', "$dir/before", "$dir/after", '--by=allocs', '--raw']);
echo $squeeze(preg_replace('/(before: 2 profiles).*(after: 1 profile).*(; costs per)/', '$1 ... $2 ...$3',
    preg_replace('/^\s*(wall time \(ns\)|allocated bytes|frees|freed bytes|VM opcodes) .*\n/m', '', $out)));

echo "== benchmarks/noise's thresholds\n";
file_put_contents("$dir/noise.json", json_encode(['metrics' => ['allocs' => ['relative' => 2.0], 'wall_ns' => ['relative' => null]]]));
$out = report_out(['diff', "$dir/before", "$dir/after", '--by=allocs', "--thresholds=$dir/noise.json"]);
echo $squeeze(str_replace($dir, 'DIR', implode("\n", preg_grep('/^(noise|\s*(wall time|allocations) |allocations: )/', explode("\n", $out))))), "\n";

echo "== differential flame graph and report\n";
echo report_out(['diff', "$dir/before", "$dir/after", '--by=allocs', '-o', "$dir/diff.svg", '--quiet']);
echo "xmllint: ", trim(shell_exec('xmllint --noout ' . escapeshellarg("$dir/diff.svg") . ' 2>&1 && echo well-formed')), "\n";
$svg = file_get_contents("$dir/diff.svg");
foreach (['leaf', 'mid', '{request}'] as $name) {
    preg_match('~<title>' . preg_quote($name) . '\n.*?(allocs: [^\n]*).*?fill="([^"]+)"~s', $svg, $m);
    echo "$name: $m[1]; fill $m[2]\n";
}
echo report_out(['diff', "$dir/before", "$dir/after", '-o', "$dir/diff.html", '--quiet']);
$html = file_get_contents("$dir/diff.html");
preg_match('~<div class="per-counter[^"]*" data-id="flame-allocs">.*?<tbody>(.*?)</tbody>~s', $html, $m);
echo "HTML allocs: ", trim(strip_tags(str_replace('</td>', ' ', explode("\n", $m[1])[0]))), "\n";
[$out, $err, $status] = report_run(['diff', "$dir/before", "$dir/after", '-o', "$dir/diff.txt"]);
echo trim($err), " (exit status $status)\n";
?>
--EXPECTF--
== the build against itself (pprof before, JSON again)
before: ...
noise: thresholds 3 x the largest change between the two halves of BEFORE (1 and 1 profiles), at least the floors

 counter before after change threshold
 allocations %d %d 0 +0.00% 0.00% noise
allocated bytes %s KiB %s KiB 0 B +0.00% 0.00% noise
 frees %d %d 0 +0.00% 0.00% noise
 freed bytes %s KiB %s KiB 0 B +0.00% 0.00% noise
 VM opcodes %d %d 0 +0.00% 0.00% noise

allocations: no owner changed beyond the noise
== one more allocation a call in leaf()
before: 2 profiles ... after: 1 profile ...; costs per request (the sets differ in size)
noise: thresholds 3 x the largest change between the two halves of BEFORE (1 and 1 profiles), at least the floors

 counter before after change threshold
 allocations %d %d +8 +%f% 0.00% grown
 calls 11 11 0 +0.00% 0.00% noise

allocations by owner, largest change of own cost first (4 of 4):
own before own after own change incl before incl after incl change
 8 16 +8 +100.00% 8 16 +8 grown leaf script.php:3
 %d %d 0 +0.00% %d %d +8 inclusive grown {request}
 0 0 0 +0.00% 12 20 +8 inclusive grown {main} script.php:1
 4 4 0 +0.00% 12 20 +8 inclusive grown mid script.php:4
== benchmarks/noise's thresholds
noise: thresholds from DIR/noise.json
 wall time %s never noise
 allocations %d %d +8 +%f% 200.00% noise
allocations: no owner changed beyond the noise
== differential flame graph and report
xmllint: well-formed
leaf: allocs: inclusive 8 → 16 (+8); own 8 → 16 (+8); fill rgb(250,%d,%d)
mid: allocs: inclusive 12 → 20 (+8); own 4 → 4 (±0); fill rgb(240,240,240)
{request}: allocs: inclusive %d → %d (+8); own %d → %d (±0); fill rgb(240,240,240)
HTML allocs: leaf 8 16 8 8 16 8 grown
bench: diff -o %s/diff.txt: an .svg (differential flame graph) or .html (report) (exit status 2)
