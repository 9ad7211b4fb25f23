--TEST--
bench top, diff and lines --raw: plain integers, with no thousands separator and no unit, in the tables and the summary line, equal to the profile's values
--SKIPIF--
<?php
if (getenv('SKIP_PERF_SENSITIVE')) die('skip bin/bench\'s PHP under valgrind: report_fuzz and zstd_decompress check bench.so\'s part');
require __DIR__ . '/report.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/report.inc';
// 1,500 calls of leaf(), each an allocation of some 128 bytes: every value has four digits or more.
$code = str_replace(['mid(3);', 'mid(5);'], ['mid(700);', 'mid(800);'], REPORT_WORKLOAD);
$json = report_profile('bench.raw.json', $code);
$cg = report_profile('bench.raw.callgrind', $code, [], 'callgrind');
$leaf = profile_function(json_decode(file_get_contents($json), true), 'leaf');

$grouped = fn(string $out) => preg_match_all('/\d,\d{3}\b/', $out);
$out = report_out(['top', $json, '--raw', '--by=alloc_bytes']);
preg_match('/^\s*(\S+)\s+\S+\s+(\S+)\s+\S+\s+(\S+)  leaf /m', $out, $row);
printf("top: %d grouped numbers; leaf: calls %s, own and inclusive %s\n", $grouped($out), $row[3],
    [$row[1], $row[2]] === [(string) $leaf['own']['alloc_bytes'], (string) $leaf['inclusive']['alloc_bytes']] ? "the JSON's" : "$row[1] $row[2]");
preg_match('/by (.*), (\S+) in all/', $out, $total);
printf("summary: by %s, %s in all\n", $total[1], preg_match('/^\d+$/', $total[2]) ? 'digits' : $total[2]);
$out = report_out(['top', $json, '--raw', '--by=wall_ns']);
printf("top by wall_ns: %d grouped numbers, %d units\n", $grouped($out), preg_match_all('/\d (ns|µs|ms|s)\b/', $out));

$out = report_out(['diff', $json, $cg, '--raw', '--all', '--by=allocs']);
printf("diff: %d grouped numbers; allocs row: %s\n", $grouped($out), preg_match('/^\s*allocations\s+(\d+)\s+(\d+)\s+0\s/m', $out, $m) ? "$m[1] $m[2]" : $out);

$out = report_out(['lines', $json, '--raw', '--by=ops', '--function=mid']);
printf("lines: %d grouped numbers; %s\n", $grouped($out), preg_match('/VM opcodes at its lines: (\d+) /', $out, $m) ? "ops at its lines $m[1]" : $out);
$out = report_out(['top', $json, '--by=alloc_bytes']);
printf("without --raw: %s grouped numbers, units: %s\n", $grouped($out) > 0 ? 'some' : 'no', preg_match('/\d (KiB|B)\b/', $out) ? 'yes' : 'no');
?>
--EXPECTF--
top: 0 grouped numbers; leaf: calls 1500, own and inclusive the JSON's
summary: by allocated bytes, digits in all
top by wall_ns: 0 grouped numbers, 0 units
diff: 0 grouped numbers; allocs row: %d %d
lines: 0 grouped numbers; ops at its lines %d
without --raw: some grouped numbers, units: yes
