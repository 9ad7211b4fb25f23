--TEST--
The HTML report's line view in headless Chromium: a click on a function shows its source with the calls made at each line, exact from a profile-mode JSON
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
require __DIR__ . '/report_lines.inc';
require __DIR__ . '/../../benchmarks/lib/cdp.php';
$dir = report_dir();
file_put_contents("$dir/script.php", LINES_WORKLOAD);
run_workload($dir, 'profile', 'json');
echo "== the HTML report\n";
echo report_out(['html', "$dir/profile-json/bench.*", '-o', "$dir/report.html", '--quiet']);
$chromium = new Cdp();
$chromium->open("file://$dir/report.html");
$chromium->evaluate('const s = document.getElementById("counter"); s.value = "flame-calls"; s.dispatchEvent(new Event("change")); 1');
$chromium->evaluate('Array.from(document.querySelectorAll("#function-table td.name")).find(td => td.textContent === "mid").id = "mid"');
$chromium->click('#mid');
echo "lines of ", $chromium->evaluate('document.getElementById("cc-title").textContent'), " (",
    basename($chromium->evaluate('document.getElementById("source-file").textContent')), "):\n",
    $chromium->evaluate('Array.from(document.querySelectorAll("#source tbody tr")).map(r => Array.from(r.children).map(c => c.textContent).join(" | ")).join("\n")'), "\n";
echo "console: ", $chromium->errors ? implode("\n", $chromium->errors) : 'no error', "\n";
?>
--EXPECTF--
== the HTML report
lines of mid (script.php):
6 |  |  | function mid($n) {
7 |  |  |     $s = [];
8 |  |  |     for ($i = 0; $i < $n; $i++) {
9 |  | 8 |         $s[] = leaf($i);
10 |  |  |     }
11 |  | 2 |     $t = leaf(1);
12 |  |  |     return count($s);
console: no error
