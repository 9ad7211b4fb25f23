--TEST--
Profile mode, callgrind format: the real callgrind_annotate reads it, and its totals are the JSON profile's
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip();
if (trim((string) shell_exec('command -v callgrind_annotate')) === '') die('skip callgrind_annotate (valgrind) not installed'); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$code = file_get_contents(__DIR__ . '/workload.inc');
$json = profile_json(profile_run($code, ['bench.count_ops' => '1'], 'json'));
$cg = profile_run($code, ['bench.count_ops' => '1'], 'callgrind');
$file = tempnam(sys_get_temp_dir(), 'bench-cg');
file_put_contents($file, current($cg['files']));
// --threshold=100: every function, not only those that make up 99% of the first event.
exec('callgrind_annotate --threshold=100 ' . escapeshellarg($file) . ' 2>&1', $out, $status);
unlink($file);
echo "callgrind_annotate exit $status\n";
$text = implode("\n", $out);
preg_match('/^Events shown:\s+(.+)$/m', $text, $events);
// "1,521,108 (100.0%) 981 (100.0%) ... PROGRAM TOTALS"
preg_match('/^(.*)PROGRAM TOTALS/m', $text, $totals);
$names = preg_split('/\s+/', trim($events[1]));
$values = array_map(fn($v) => (int) str_replace(',', '', $v), preg_split('/\s+/', trim(preg_replace('/\([^)]*\)/', '', $totals[1]))));
$program = array_combine($names, array_slice($values, 0, count($names)));
// The summary is what the functions own: the JSON totals less the overhead.
foreach (['allocs', 'alloc_bytes', 'frees', 'ops'] as $c) {
    printf("%s: callgrind=%d json=%d %s\n", $c, $program[$c], $json['totals'][$c] - $json['overhead'][$c],
        $program[$c] === $json['totals'][$c] - $json['overhead'][$c] ? 'same' : 'DIFFERENT');
}
// The functions are there, by name.
foreach (['Node::sum', 'tree', 'thrower'] as $fn) {
    echo $fn, ': ', str_contains($text, $fn) ? 'listed' : 'missing', "\n";
}
?>
--EXPECTF--
callgrind_annotate exit 0
allocs: callgrind=%d json=%d same
alloc_bytes: callgrind=%d json=%d same
frees: callgrind=%d json=%d same
ops: callgrind=%d json=%d same
Node::sum: listed
tree: listed
thrower: listed
