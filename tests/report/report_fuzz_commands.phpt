--TEST--
bin/bench under scripts/fuzz-report for 45 s with a fixed seed: real profiles in every format and compression, generated hostile ones and mutations, each through every command (top, flame, html, merge to each format and read back, diff, lines): every run ends with status 0 or 1 and its reasons, says nothing of PHP's, escapes markup, and stays under 5 s and 512 MB
--SKIPIF--
<?php
require __DIR__ . '/report.inc';
profile_skip();
if (getenv('SKIP_PERF_SENSITIVE')) die('skip bin/bench\'s PHP under valgrind: far too slow for a time budget');
if (trim((string) shell_exec('command -v zstd')) === '') die('skip the zstd tool is not installed');
?>
--FILE--
<?php
require __DIR__ . '/report.inc';

// run-tests.php gives up on a test silent for 60 s: the budget leaves room for the runs still going at its end.
$proc = proc_open([PHP_BINARY, '-n', __DIR__ . '/../../scripts/fuzz-report', '--seconds=45', '--seed=36', '--out=' . report_dir() . '/fuzz',
    '--so=' . getenv('BENCH_SO')], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
$out = stream_get_contents($pipes[1]);
$err = stream_get_contents($pipes[2]);
$status = proc_close($proc);

// A failure's lines (stderr) say which input and command: scripts/fuzz-report --seed=36 makes the same inputs.
echo $err;
foreach (['callgrind', 'folded', 'json', 'pprof'] as $reader) {
    printf("%s: %s\n", $reader, preg_match("/^$reader +([1-9]\d*) inputs/m", $out) ? 'inputs tried' : 'none tried');
}
preg_match_all('/^(\S+) +\d+ runs/m', $out, $m);
echo 'commands: ', implode(', ', $m[1]), "\n";
echo implode("\n", preg_grep('/^fuzz: /', explode("\n", $out)) ?: [$out]), "\n";
echo "exit status $status\n";
?>
--EXPECTF--
callgrind: inputs tried
folded: inputs tried
json: inputs tried
pprof: inputs tried
commands: diff, flame, html, lines, merge.callgrind, merge.folded, merge.json, merge.pb.gz, reread, top
fuzz: %d inputs, %d runs, 0 failures (seed 36, %d s)
exit status 0
