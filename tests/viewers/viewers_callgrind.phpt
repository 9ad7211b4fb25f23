--TEST--
Viewers: profile mode's default output is a plain callgrind file that callgrind_annotate reads as written (it reads no gzipped one: the reason for the default), and the report says how to open it
--SKIPIF--
<?php require __DIR__ . '/viewers.inc'; profile_skip();
if (trim((string) shell_exec('command -v callgrind_annotate')) === '') die('skip callgrind_annotate (valgrind) not installed'); ?>
--FILE--
<?php
require __DIR__ . '/viewers.inc';
// Only the mode: the format, compression and report are bench's defaults (the report is on in the CLI).
$run = viewers_run(VIEWERS_APP, ['bench.mode' => 'profile']);
$name = key($run['files']);
echo count($run['files']), " file: ", viewers_name($name), "\n";
preg_match('/^open it: (.*)$/m', $run['output'], $open);
echo "report: ", str_replace($run['files'][$name], 'FILE', $open[1] ?? $run['output']), "\n";

exec('callgrind_annotate --threshold=100 --inclusive=yes ' . escapeshellarg($run['files'][$name]) . ' 2>&1', $out, $status);
echo "callgrind_annotate exit $status\n";
// "  1,225 (100.0%)  50 (...)  ... app.php:row": the first event is wall_ns, then allocs.
$text = implode("\n", $out);
preg_match('/^Events shown:\s+(.+)$/m', $text, $events);
echo "events: ", $events[1] ?? '-', "\n";
foreach (['row', 'table', '{closure}@app.php:4'] as $function) {
    $line = current(preg_grep('/:' . preg_quote($function, '/') . '$/', $out));
    $values = $line ? array_map(fn($v) => (int) str_replace(',', '', $v), preg_split('/\s+/', trim(preg_replace('/\([^)]*\)/', '', $line)))) : [];
    // Inclusive allocations: row() makes a string per call but for the empty one (20 x 49); table() adds its
    // array's growth to 50 rows (5 a call); the closure allocates nothing of its own.
    printf("%s: inclusive allocs %s\n", str_replace($run['dir'], 'DIR', $function), $values[1] ?? 'missing');
}
// The same file gzipped, as bench.compress=gzip writes it: callgrind_annotate finds no header in it.
$gzipped = $run['files'][$name] . '.gz';
file_put_contents($gzipped, gzencode(file_get_contents($run['files'][$name])));
$out = [];
exec('callgrind_annotate ' . escapeshellarg($gzipped) . ' 2>&1', $out, $status);
echo "gzipped: callgrind_annotate exit $status, ", current(preg_grep('/missing events line/', $out)) ?: 'no error', "\n";
viewers_clean($run);
?>
--EXPECTF--
1 file: bench.TIME.PID.N.callgrind
report: kcachegrind FILE (or qcachegrind, callgrind_annotate, bench top)
callgrind_annotate exit 0
events: wall_ns allocs alloc_bytes frees freed_bytes
row: inclusive allocs 980
table: inclusive allocs 1080
{closure}@app.php:4: inclusive allocs 1080
gzipped: callgrind_annotate exit 255, Line %d: missing events line
