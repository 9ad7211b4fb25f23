--TEST--
Viewers: pprof -lines names the hot line of a hot loop in sample mode, and in profile mode puts each caller on the line of its call
--DESCRIPTION--
work() spins 150 ms a call in an inner loop on line 6, checking the time once
a thousand rounds on line 5. The VM takes a sample where it checks the
interrupt, at a loop's jump back: line 6 has nearly all the samples, and is
first in -top unless the machine stalls the process on line 5's rare rounds
for most of 300 ms (never seen). In profile mode the call tree is exact.
--SKIPIF--
<?php require __DIR__ . '/viewers.inc'; sample_mode_skip();
if (getenv('SKIP_PERF_SENSITIVE')) die('skip samples under valgrind are too few');
if (!bench_info()['features']['zlib']['available']) die('skip built without zlib');
if (!viewers_pprof_tools()) die('skip neither go nor pprof (PPROF) installed'); ?>
--FILE--
<?php
require __DIR__ . '/viewers.inc';
$app = <<<'PHP'
<?php
function work(): int
{
    $n = 0;
    for ($t = hrtime(true); hrtime(true) - $t < 150e6;) {
        for ($j = 0; $j < 1000; $j++) { $n += $j % 7; }
    }
    return $n;
}

function twice(): int
{
    return work() + work();
}

echo twice() > 0 ? "done\n" : "none\n";

PHP;
$runs = [
    'sample' => viewers_run($app, ['bench.mode' => 'sample', 'bench.output_format' => 'pprof', 'bench.sample_interval_us' => '1000']),
    'profile' => viewers_run($app, ['bench.mode' => 'profile', 'bench.output_format' => 'pprof']),
];
$short = fn(string $text) => str_replace($runs['sample']['dir'] . '/', '', str_replace($runs['profile']['dir'] . '/', '', $text));
foreach (viewers_pprof_tools() as $tool => $command) {
    $pprof = fn(string $args, string $mode) => (string) shell_exec("$command $args " . escapeshellarg(current($runs[$mode]['files'])) . ' 2>&1');
    // "     298ms 98.68% 98.68%      298ms 98.68%  work /dir/app.php:6": the first row under the header.
    $top = explode("\n", substr($pprof('-lines -top', 'sample'), strpos($pprof('-lines -top', 'sample'), 'cum%') + 5));
    echo "$tool -lines -top, sample mode: ", $short(preg_replace('/^(\s*\S+){5}\s+/', '', $top[0])), "\n";
    // The trace of work(): its location, then its callers' at their calls.
    $traces = preg_split('/^-+\+-+$/m', $pprof('-lines -traces', 'profile'));
    foreach ($traces as $trace) {
        if (preg_match('/^\s+\S+\s+(work .*)$/ms', $trace, $m)) {
            echo "$tool -lines -traces, profile mode:\n  ", $short(preg_replace('/^\s+/m', '  ', $m[1]));
        }
    }
}
array_map('viewers_clean', $runs);
?>
--EXPECTREGEX--
((go tool pprof|pprof) -lines -top, sample mode: work app.php:6
(go tool pprof|pprof) -lines -traces, profile mode:
  work app.php:2
  twice app.php:13
  {main} app.php:16
  {request} php:internal\n?)+
