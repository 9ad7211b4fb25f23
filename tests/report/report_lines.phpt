--TEST--
bench lines: a function's source with its costs per line. Profile mode: the calls made at each line, the same from callgrind, JSON and pprof, and the opcodes per line (bench.count_ops=1) from callgrind and JSON (report_lines_profile: pprof); sample mode: the hot line (the HTML report's line view: report_lines_browser)
--SKIPIF--
<?php
// Sample mode's share of a line needs real time, and the report command is PHP (report_fuzz checks bench.so's part under valgrind).
if (getenv('SKIP_PERF_SENSITIVE')) die('skip timing, and bin/bench\'s PHP under valgrind');
require __DIR__ . '/report.inc';
sample_mode_skip();
?>
--FILE--
<?php
require __DIR__ . '/report.inc';
require __DIR__ . '/report_lines.inc';
$dir = report_dir();
file_put_contents("$dir/script.php", LINES_WORKLOAD);

/** The rows of a listing: line => [own, in calls made] as printed with --raw (the value, without its share). */
function listing_rows(string $out): array
{
    $rows = [];
    foreach (explode("\n", $out) as $row) {
        if (preg_match('/^\s+(\d+)  (.{16})  (.{16})/', $row . str_repeat(' ', 40), $m)) {
            $value = fn($cell) => trim($cell) === '' ? 0 : (int) str_replace(',', '', explode(' ', trim($cell))[0]);
            $rows[(int) $m[1]] = [$value($m[2]), $value($m[3])];
        }
    }
    return $rows;
}

echo "== profile mode: calls made at each line of mid(), from each format\n";
foreach (['callgrind', 'json', 'pprof'] as $format) {
    $file = run_workload($dir, 'profile', $format);
    $rows = listing_rows(report_out(['lines', $file, '--function=mid', '--by=calls', '--raw']));
    $calls = array_filter(array_map(fn($r) => $r[1], $rows));
    echo "$format: ", json_encode($calls), "\n";
}

echo "== profile mode, callgrind: opcodes per line of leaf()\n";
$callgrind = glob("$dir/profile-callgrind/bench.*")[0];
$out = report_out(['lines', $callgrind, '--function=leaf', '--by=ops', '--raw']);
echo $out;
// The listing's figures are the file's own cost lines for leaf, summed per line: read them back.
$text = file_get_contents($callgrind);
preg_match('/^events: (.*)$/m', $text, $m);
$opsAt = 1 + array_search('ops', explode(' ', trim($m[1])), true);
preg_match('/^c?fn=\((\d+)\) leaf$/m', $text, $m);
preg_match('/^fn=\(' . $m[1] . '\)( leaf)?\n((?:\d+ [\d ]+\n)+)/m', $text, $m);
$fromFile = [];
foreach (explode("\n", trim($m[2])) as $costLine) {
    $parts = explode(' ', $costLine);
    $fromFile[(int) $parts[0]] = ($fromFile[(int) $parts[0]] ?? 0) + (int) $parts[$opsAt];
}
$listed = array_filter(array_map(fn($r) => $r[0], listing_rows($out)));
echo "the file's ops per line: ", array_filter($fromFile) == $listed ? 'the same' : json_encode([$fromFile, $listed]), "\n";
$json = glob("$dir/profile-json/bench.*")[0];
$fromJson = array_filter(array_map(fn($r) => $r[0], listing_rows(report_out(['lines', $json, '--function=leaf', '--by=ops', '--raw']))));
echo "JSON's line_ops: ", $fromJson === $listed ? 'the same' : json_encode([$fromJson, $listed]), "\n";
$leaf = profile_function(profile_decode(file_get_contents($json)), 'leaf');
echo "the JSON matches the schema; leaf's line_ops add up to its own ops: ",
    array_sum(array_column($leaf['line_ops'], 1)) === $leaf['own']['ops'] ? 'yes' : 'no', "\n";

echo "== sample mode: the hot line of hot()\n";
foreach (['json', 'pprof', 'callgrind'] as $format) {
    $file = run_workload($dir, 'sample', $format, ['HOT' => '1']);
    $rows = listing_rows(report_out(['lines', $file, '--function=hot', '--by=samples', '--raw']));
    $all = array_sum(array_map(fn($r) => $r[0] + $r[1], $rows));
    $line17 = $rows[17][0] + $rows[17][1];
    // Each iteration spends about 40 KB of md5 on line 17 against a few opcodes on line 16: a false failure needs
    // most of several hundred 1 ms samples elsewhere.
    printf("%s: line 17 holds %s of %s samples\n", $format, $line17 >= 0.9 * $all && $all >= 20 ? 'at least 90%' : "only $line17", $all >= 20 ? 'its' : "its $all");
}

?>
--EXPECTF--
== profile mode: calls made at each line of mid(), from each format
callgrind: {"9":8,"11":2}
json: {"9":8,"11":2}
pprof: {"9":8,"11":2}
== profile mode, callgrind: opcodes per line of leaf()
1 profile (profile mode), %s UTC; by VM opcodes, %s in all
Profile mode counted the opcodes each line ran (bench.count_ops=1); time per line needs sample mode (bench.mode=sample).

leaf  %s/script.php:2
  VM opcodes at its lines: %d (%f%)
    line               own     in calls made  source
       2 %s function leaf($x) {
       3 %s     $y = $x * 2;
       4 %s     return str_repeat('x', $y);
the file's ops per line: the same
JSON's line_ops: the same
the JSON matches the schema; leaf's line_ops add up to its own ops: yes
== sample mode: the hot line of hot()
json: line 17 holds at least 90% of its samples
pprof: line 17 holds at least 90% of its samples
callgrind: line 17 holds at least 90% of its samples
