--TEST--
peak_bytes: measurements that interleave across fibers (A starts, B starts, A ends, B ends) each get the peak of their own interval
--DESCRIPTION--
The peak was followed as a stack: each measurement saved the state it found
and restored it at its end. When A started, then B in another fiber, then A
ended, A's end turned the following off for B, which reported 0 although its
subject then held 1,000,000 bytes (245 pages of 4,096 bytes). Each running
measurement now keeps its own peak. D, after both, sees only its own
100,000 bytes (25 pages). At most 64 measurements run at once:
a 65th is refused with an Error.
--SKIPIF--
<?php if (getenv('USE_ZEND_ALLOC') === '0') die('skip Zend MM only'); ?>
--FILE--
<?php
$r = [];
$a = new Fiber(function () use (&$r) { $r['A'] = bench_measure(function () { Fiber::suspend(); }, 1); });
// B's first call holds nothing; its second holds 1,000,000 bytes, after A ended.
$b = new Fiber(function () use (&$r) {
    $r['B'] = bench_measure(function () {
        static $calls = 0;
        $s = $calls++ ? str_repeat('x', 1000000) : '';
        Fiber::suspend();
        return strlen($s);
    }, 1);
});
$a->start();   // A begins; its first call suspends
$b->start();   // B begins; its first call suspends
$a->resume();  // A's second call
$a->resume();  // A ends
$b->resume();  // B's second call holds the bytes
$b->resume();  // B ends
$r['D'] = bench_measure(fn() => strlen(str_repeat('y', 100000)), 1);
// Fibers' VM stacks come from Zend MM too: A's, freed when A ends, was in the usage B started from (within 64 KB).
$p = $r['B']['peak_bytes'];
echo "B: ", abs($p - 1003520) < 65536 ? "1003520 within 64 KB" : $p, "\nD: ", $r['D']['peak_bytes'], "\n";
// Sixty-four at once are followed; a 65th is refused, and the others go on.
$fibers = [];
for ($i = 0; $i < 65; $i++) {
    $fibers[$i] = new Fiber(function () { return bench_measure(function () { Fiber::suspend(); }, 1)['peak_bytes']; });
    try {
        $fibers[$i]->start();
    } catch (Error $e) {
        echo "fiber $i: ", $e->getMessage(), "\n";
        unset($fibers[$i]);
    }
}
$ok = 0;
foreach ($fibers as $f) {
    $f->resume();
    $f->resume();
    $ok += $f->isTerminated() && is_int($f->getReturn());
}
echo "$ok measurements ended with their peak\n";
?>
--EXPECTF--
B: 1003520 within 64 KB
D: 102400
fiber 64: bench_measure(): 64 measurements are running already (nested or in suspended fibers)
64 measurements ended with their peak
