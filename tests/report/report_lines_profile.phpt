--TEST--
bench lines on profile mode: with bench.count_ops=1 it lists the opcodes of each line by default, the same from pprof as from callgrind and JSON (pprof kept them all on a function's first line), each path's opcodes and each line's adding up; a time says it is the function's whole own time on its first line, and that time per line needs sample mode
--SKIPIF--
<?php
if (getenv('SKIP_PERF_SENSITIVE')) die('skip bin/bench\'s PHP under valgrind: report_fuzz and zstd_decompress check bench.so\'s part');
require __DIR__ . '/report.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/report.inc';
require __DIR__ . '/report_lines.inc';
$dir = report_dir();
file_put_contents("$dir/script.php", LINES_WORKLOAD);
$files = [];
foreach (['json', 'callgrind', 'pprof'] as $format) {
    $files[$format] = run_workload($dir, 'profile', $format);
}

/** line => own ops of a --raw listing. */
$rows = function (string $out): array {
    $rows = [];
    foreach (explode("\n", $out) as $row) {
        if (preg_match('/^\s+(\d+)  \s*(\d+) /', $row, $m)) {
            $rows[(int) $m[1]] = (int) $m[2];
        }
    }
    return $rows;
};
$leaf = profile_function(json_decode(file_get_contents($files['json']), true), 'leaf');
$lineOps = array_combine(array_column($leaf['line_ops'], 0), array_column($leaf['line_ops'], 1));
echo "JSON's line_ops of leaf: ", json_encode($lineOps), "\n";
foreach ($files as $format => $file) {
    $out = report_out(['lines', $file, '--function=leaf', '--raw']);
    printf("%s: %s; %s\n", $format, explode("\n", $out)[0] === '' ? '?' : preg_replace('/^.*; (by [^,]*),.*$/', '$1', explode("\n", $out)[0]),
        $rows($out) === $lineOps ? "the JSON's" : json_encode($rows($out)));
}
// Each function's own opcodes, whatever lines they are on, stay its own (per call path too: bench top sums the paths).
$ops = fn(string $file) => array_map(fn($r) => $r[0], report_top([$file, '--by=ops']));
echo "pprof's own ops per function: ", $ops($files['pprof']) === $ops($files['json']) ? "the JSON's" : json_encode([$ops($files['pprof']), $ops($files['json'])]), "\n";
$out = report_out(['lines', $files['pprof'], '--function=leaf']);
echo explode("\n", $out)[1], "\n";
echo "== --by=wall_ns\n";
$out = report_out(['lines', $files['pprof'], '--function=leaf', '--by=wall_ns']);
echo implode("\n", array_slice(explode("\n", $out), 1, 2)), "\n", preg_replace('/: .*?, all/', ': TIME, all', explode("\n", $out)[5]), "\n";
?>
--EXPECTF--
JSON's line_ops of leaf: {"3":%d,"4":%d}
json: by VM opcodes; the JSON's
callgrind: by VM opcodes; the JSON's
pprof: by VM opcodes; the JSON's
pprof's own ops per function: the JSON's
Profile mode counted the opcodes each line ran (bench.count_ops=1); time per line needs sample mode (bench.mode=sample).
== --by=wall_ns
Profile mode measures a function's own wall time as a whole, not line by line: "own" shows it on the function's first line,
and "in calls made" the calls of each line. Time per line needs sample mode (bench.mode=sample); --by=ops shows the opcodes each line ran.
  wall time at its lines: TIME, all on its first line (profile mode: the function's own as a whole)
