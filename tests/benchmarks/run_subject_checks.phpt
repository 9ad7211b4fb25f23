--TEST--
benchmarks/run: a subject that returns a wrong result (on any of k calls after measuring) or throws fails the run; a right one writes its result, with what a call leaks and the cycles it makes
--SKIPIF--
<?php if (!getenv('BENCH_SO')) die('skip BENCH_SO (the bench.so under test) not set: run through scripts/test'); ?>
--FILE--
<?php
require __DIR__ . '/fixtures.inc';
$dir = fixture_dir();
file_put_contents("$dir/subjects.php", <<<'PHP'
<?php
return [
    'good' => ['k' => 5, 'run' => fn() => str_repeat('x', 3), 'expect' => 'xxx'],
    // Each call makes an object that refers to itself: garbage only the cycle collector frees.
    'cycle' => ['k' => 5, 'run' => function () { $o = new stdClass(); $o->self = $o; return 1; }, 'expect' => 1],
    // Each call keeps a string of 100 characters (a 160-byte slot of the allocator), in a table made big enough once.
    'keeps' => ['k' => 5, 'run' => function () {
        static $kept = null, $i = 0;
        $kept ??= array_fill(0, 100, null);
        $kept[$i++] = str_repeat('k', 100 + random_int(0, 0));
        return 1;
    }, 'expect' => 1],
];
PHP);
file_put_contents("$dir/wrong.php", <<<'PHP'
<?php
return [
    'wrong' => ['k' => 5, 'run' => fn() => 1 + 1, 'expect' => 3],
];
PHP);
// Right on most calls: the 26 measured ones and the 27th, which was the only one checked before.
file_put_contents("$dir/drifts.php", <<<'PHP'
<?php
return [
    'drifts' => ['k' => 5, 'run' => function () { static $n = 0; return ++$n % 4 === 2 && $n > 27 ? 'no' : 'ok'; }, 'expect' => 'ok'],
];
PHP);
file_put_contents("$dir/throws.php", <<<'PHP'
<?php
return [
    'throws' => ['k' => 5, 'run' => function () { throw new RuntimeException('broken subject'); }, 'expect' => null],
];
PHP);
file_put_contents("$dir/invalid.php", "<?php return ['no-run' => ['k' => 5, 'expect' => 1]];");
// One process for time: these are checks, not timings (and each process is slow under valgrind).
$ext = '--processes=1 --ext=' . escapeshellarg(getenv('BENCH_SO'));

foreach (['wrong', 'drifts', 'throws', 'invalid'] as $f) {
    [$status, $out] = fixture_tool('run', "L --subjects=$dir/$f.php $ext", $dir);
    echo "$f: exit $status: ", str_replace($dir, 'DIR', preg_replace('/\s+/', ' ', trim(implode(' ', preg_grep('/subject|needs/', $out))))), "\n";
}
[$status, $out] = fixture_tool('run', "L --subjects=$dir/subjects.php $ext", $dir);
echo "good: exit $status\n";
$r = json_decode(file_get_contents("$dir/L/good.json"), true);
echo implode(',', array_keys($r)), "\n", implode(',', array_keys($r['setup'])), "\n";
// opcache is on by default, and its optimizer folds str_repeat('x', 3) into a constant: no allocation left.
printf("k=%d allocs=%s ops=%s repeats=%d opcache=%s\n", $r['k'], $r['warm']['allocs'], $r['warm']['ops'], $r['warm_repeats'], $r['opcache']);
[$status, $out] = fixture_tool('run', "L --subjects=$dir/subjects.php $ext --opcache=off", $dir);
$r = json_decode(file_get_contents("$dir/L/good.json"), true);
printf("k=%d allocs=%s ops=%s repeats=%d opcache=%s\n", $r['k'], $r['warm']['allocs'], $r['warm']['ops'], $r['warm_repeats'], $r['opcache']);
// Under valgrind (USE_ZEND_ALLOC=0) PHP's allocator is off and what a call leaks is unknown (null).
foreach (['good' => 0, 'cycle' => 0, 'keeps' => 160] as $subject => $bytes) {
    $memory = json_decode(file_get_contents("$dir/L/$subject.json"), true)['memory'];
    $leaked = $memory['leaked_bytes'] ?? (getenv('USE_ZEND_ALLOC') === '0' ? $bytes : 'null');
    printf("%s: leaked %s bytes, %s cycles collected per call\n", $subject, $leaked, $memory['gc_collected']);
}
fixture_clean($dir);
?>
--EXPECTF--
wrong: exit 1: run: subject wrong failed (time): subject.php: subject wrong returned 2, expected 3 (call 1 of 5 after measuring)
drifts: exit 1: run: subject drifts failed (time): subject.php: subject drifts returned 'no', expected 'ok' (call 4 of 5 after measuring)
throws: exit 1: run: subject throws failed (time): subject.php: subject throws threw RuntimeException: broken subject
invalid: exit 1: run: DIR/invalid.php: subject no-run needs 'run' (callable), 'k' (int >= 1) and 'expect'
good: exit 0
subject,file,k,cold,warm,peak_bytes,warm_repeats,memory,gc_runs,setup,time_processes,php_binary,bench_so,retained_bytes,instructions_source,opcache,pinned_cpu,label,php_version,bench_version,machine,date
k,subject,expect,php,bench,extensions,ini
k=5 allocs=0 ops=1 repeats=5 opcache=on
k=5 allocs=1 ops=5 repeats=5 opcache=off
good: leaked 0 bytes, 0 cycles collected per call
cycle: leaked 0 bytes, 1 cycles collected per call
keeps: leaked 160 bytes, 0 cycles collected per call
