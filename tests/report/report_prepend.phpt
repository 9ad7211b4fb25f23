--TEST--
An auto_prepend_file's body is {main} too: the script's {main} keeps the name in every sampled request, whether the prepend file was sampled or not (it took the script's time under the prepend file's name where the prepend file came first in one profile and was absent from the next)
--SKIPIF--
<?php
if (getenv('SKIP_PERF_SENSITIVE')) die('skip samples under valgrind are too few');
require __DIR__ . '/report.inc';
sample_mode_skip();
?>
--FILE--
<?php
require __DIR__ . '/report.inc';
require __DIR__ . '/../sample/sample.inc';
$dir = report_dir();
$prepend = "$dir/prepend.php";
$script = '<?php function work() { for ($t = hrtime(true); hrtime(true) - $t < 30e6;) {} } work();';
// The first request's prepend file spins 20 ms (sampled), the second's returns at once (no sample there).
foreach (['<?php for ($t = hrtime(true); hrtime(true) - $t < 20e6;) {}', '<?php $x = 1;'] as $i => $code) {
    file_put_contents($prepend, $code);
    $run = sample_run($script, ['auto_prepend_file' => $prepend, 'bench.sample_interval_us' => '1000'], 'pprof');
    file_put_contents("$dir/bench.$i.pb", current($run['files']));
}
// bench top --raw: own, own%, inclusive, incl%, samples, then the function (and its file and line).
$top = report_out(['top', '--raw', '--limit=100', "$dir/bench.0.pb", "$dir/bench.1.pb", '--by=wall_ns']);
preg_match_all('/^\s*([\d,]+)\s+\S+\s+([\d,]+)\s+\S+\s+[\d,]+  (\S+(?: \(\S+\))?)/m', $top, $m, PREG_SET_ORDER);
$incl = [];
foreach ($m as [, , $inclusive, $name]) {
    $incl[str_replace($dir, 'DIR', $name)] = (int) str_replace(',', '', $inclusive);
}
$mains = array_values(preg_grep('/^\{main\}/', array_keys($incl)));
sort($mains);
echo "{main} rows: ", implode(', ', $mains), "\n";
printf("the script's {main}: %s\n", ($incl['{main}'] ?? 0) >= ($incl['work'] ?? 1) ? 'at least work()\'s time, inclusive' : $top);
?>
--EXPECT--
{main} rows: {main}, {main} (DIR/prepend.php)
the script's {main}: at least work()'s time, inclusive
