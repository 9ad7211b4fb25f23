--TEST--
bench.track_live=1: callgrind_annotate, pprof and bin/bench read the live counters; pprof names them inuse_objects and inuse_space
--SKIPIF--
<?php require __DIR__ . '/../viewers/viewers.inc'; profile_skip();
if (trim((string) shell_exec('command -v callgrind_annotate')) === '') die('skip callgrind_annotate (valgrind) not installed');
if (!viewers_pprof_tools()) die('skip neither go nor pprof (PPROF) installed'); ?>
--FILE--
<?php
require __DIR__ . '/../viewers/viewers.inc';
require __DIR__ . '/../report/report.inc';
// keep() holds 10 strings of 232 bytes (32 + 200) at the end; churn() frees all it makes.
$code = <<<'PHP'
<?php
class Store { public static array $kept = []; }
Store::$kept = array_fill(0, 10, null);
function keep(int $i): void { Store::$kept[$i] = str_repeat('k', 200); }
function churn(int $i): int { $s = str_repeat('c', 300); return strlen($s); }
for ($i = 0; $i < 10; $i++) { keep($i); churn($i); }
PHP;
$ini = ['bench.track_live' => '1'];

$file = report_dir() . '/live.callgrind';
file_put_contents($file, current(profile_run($code, $ini, 'callgrind')['files']));
exec('callgrind_annotate --threshold=100 --show=live_allocs,live_bytes ' . escapeshellarg($file) . ' 2>&1', $out, $status);
$text = implode("\n", $out);
preg_match('/^Events shown:\s+(.+)$/m', $text, $events);
preg_match('/^\s*([\d,]+)\s+\([^)]*\)\s+([\d,]+)\s+\([^)]*\)\s+\S*:?keep\b/m', $text, $keep);
echo "callgrind_annotate exit $status, events shown: $events[1]; keep: ", $keep ? "$keep[1] $keep[2]" : 'missing', "\n";
echo "desc: ", preg_match('/^desc: Cycle collector: \d+ runs, \d+ ns$/m', file_get_contents($file)) ? 'collector' : 'missing', "\n";

$file = report_dir() . '/live.pb.gz';
file_put_contents($file, current(profile_run($code, $ini + ['bench.compress' => 'gzip'], 'pprof')['files']));
foreach (viewers_pprof_tools() as $tool => $command) {
    $top = (string) shell_exec("$command -sample_index=inuse_space -unit=byte -top " . escapeshellarg($file) . ' 2>&1');
    preg_match('/^\s*(\d+)B\s.*\skeep$/m', $top, $m);
    $churn = preg_match('/\schurn$/m', $top) ? 'listed' : 'not listed';
    echo "$tool: inuse_space of keep ", $m[1] ?? 'missing', ", churn $churn\n";
    $types = (string) shell_exec("$command -raw " . escapeshellarg($file) . ' 2>&1');
    preg_match('/^Samples:\n(.*)$/m', $types, $t);
    echo "  sample types: ", trim($t[1] ?? 'missing'), "\n";
}

$json = report_dir() . '/live.json';
file_put_contents($json, current(profile_run($code, $ini)['files']));
foreach (['live.json', 'live.pb.gz', 'live.callgrind'] as $name) {
    $rows = report_top(['--by=live_bytes', report_dir() . "/$name"]);
    echo "bench top --by=live_bytes $name: keep ", $rows['keep'][0] ?? 'missing', ", churn ", $rows['churn'][0] ?? 'missing', "\n";
}
?>
--EXPECTF--
callgrind_annotate exit 0, events shown: live_allocs live_bytes; keep: 10 2,320
desc: collector
%s: inuse_space of keep 2320, churn not listed
  sample types: %sinuse_objects/count inuse_space/bytes cleanup_objects/count cleanup_space/bytes gc_objects/count gc_space/bytes peak_space/bytes%A
bench top --by=live_bytes live.json: keep 2320, churn 0
bench top --by=live_bytes live.pb.gz: keep 2320, churn 0
bench top --by=live_bytes live.callgrind: keep 2320, churn 0
