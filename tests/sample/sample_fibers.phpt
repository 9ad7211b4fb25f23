--TEST--
Sample mode: stacks inside a fiber go through the frame that started or resumed it (and the fiber's engine frame); a generator's frames sit under its consumer
--DESCRIPTION--
Each usleep() is long against the 10 ms interval, so each is sampled (its
sample taken when it returns, weighed by the ticks it slept through); the
weights are checked to +-50% (a loaded machine adds ticks that count as sleep,
and one tick may land in the code around the sleeps). Under valgrind, where the
code around the sleeps takes longer than they do, only the paths are checked.
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip(); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$run = sample_run(<<<'PHP'
<?php
function inner() { usleep(50000); Fiber::suspend(1); usleep(50000); }
$fiber = new Fiber(function () { inner(); });
$fiber->start();
usleep(20000);
$fiber->resume();
$gen = (function () { usleep(30000); yield 1; usleep(30000); yield 2; })();
foreach ($gen as $v) {}
echo "done\n";
PHP);
echo $run['output'], "\n";
$paths = sample_folded(current($run['files']));
$expect = [
    '{request};{main};Fiber::start;{engine};{closure}@SCRIPT:3;inner;usleep' => 50e6,
    '{request};{main};usleep' => 20e6,
    '{request};{main};Fiber::resume;{engine};{closure}@SCRIPT:3;inner;usleep' => 50e6,
    '{request};{main};{closure}@SCRIPT:7;usleep' => 60e6,
];
foreach ($expect as $path => $ns) {
    $found = 0;
    foreach ($paths as $p => $w) {
        // (Folded stacks name files without the directory the request's files share: "script.php" here.)
        $found += preg_replace('/@\S*script\.php:/', '@SCRIPT:', $p) === $path ? $w : 0;
    }
    $timed = !getenv('SKIP_PERF_SENSITIVE');
    printf("%s: %s\n", $path, $found >= 0.5 * $ns && ($found <= 1.5 * $ns || !$timed) ? 'sampled' : "no ($found)");
}
?>
--EXPECT--
done
{request};{main};Fiber::start;{engine};{closure}@SCRIPT:3;inner;usleep: sampled
{request};{main};usleep: sampled
{request};{main};Fiber::resume;{engine};{closure}@SCRIPT:3;inner;usleep: sampled
{request};{main};{closure}@SCRIPT:7;usleep: sampled
