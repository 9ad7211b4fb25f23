--TEST--
bench.trace_max_events: past the cap the longest calls stay (a caller before its callees; a full buffer drops its shortest quarter), the others are counted dropped, exactly; bench.trace_min_us=0 keeps every call
--SKIPIF--
<?php require __DIR__ . '/trace.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/trace.inc';
$code = <<<'PHP'
<?php
function f($x) { if ($x % 100 === 50) { usleep(20000); } return $x + 1; }
function slow() { usleep(3000); for ($i = 0; $i < 10; $i++) { f($i); } }
for ($i = 0; $i < 1000; $i++) { f($i); }
slow();
PHP;
// 1,000 + 10 calls of f (10 of them 20 ms long: no short call takes as long, even under valgrind), slow() and {main}: 1,012 calls.
foreach ([50, 1, 2000] as $cap) {
    $run = trace_run($code, ['bench.trace_min_us' => 0, 'bench.trace_max_events' => $cap]);
    $o = $run['trace']['otherData'];
    $names = array_count_values(array_column($run['events'], 'name'));
    $long = count(array_filter(trace_named($run['events'], 'f'), fn($e) => $e['dur'] >= 20000));
    printf("cap %d: %s events, %d folded; {main} %s, slow %s, the 10 long f %s; events + dropped = %d; nested: %s\n", $cap,
        $o['events'] >= min($cap, 1012) * 3 / 4 && $o['events'] <= $cap ? 'three quarters to all of the cap in' : "{$o['events']}",
        $o['folded'], isset($names['{main}']) ? 'kept' : 'dropped', isset($names['slow']) ? 'kept' : 'dropped', $long === 10 ? 'kept' : "$long kept",
        $o['events'] + $o['dropped'], var_export(trace_nests($run['events']), true));
}
?>
--EXPECT--
cap 50: three quarters to all of the cap in events, 0 folded; {main} kept, slow kept, the 10 long f kept; events + dropped = 1012; nested: true
cap 1: three quarters to all of the cap in events, 0 folded; {main} kept, slow dropped, the 10 long f 0 kept; events + dropped = 1012; nested: true
cap 2000: three quarters to all of the cap in events, 0 folded; {main} kept, slow kept, the 10 long f kept; events + dropped = 1012; nested: true
