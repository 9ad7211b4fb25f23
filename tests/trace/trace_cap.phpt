--TEST--
bench.trace_max_events: past the cap the longest calls stay (a caller before its callees), the others are counted dropped, exactly; bench.trace_min_us=0 keeps every call
--SKIPIF--
<?php require __DIR__ . '/trace.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/trace.inc';
$code = <<<'PHP'
<?php
function f($x) { return $x + 1; }
function slow() { usleep(3000); for ($i = 0; $i < 10; $i++) { f($i); } }
for ($i = 0; $i < 1000; $i++) { f($i); }
slow();
PHP;
// 1,000 + 10 calls of f, slow() and {main}: 1,012 calls.
foreach ([50, 1, 2000] as $cap) {
    $run = trace_run($code, ['bench.trace_min_us' => 0, 'bench.trace_max_events' => $cap]);
    $o = $run['trace']['otherData'];
    $names = array_count_values(array_column($run['events'], 'name'));
    printf("cap %d: %d events, %d dropped, %d folded; {main} %s, slow %s, f %d; events + dropped = %d; nested: %s\n", $cap, $o['events'],
        $o['dropped'], $o['folded'], isset($names['{main}']) ? 'kept' : 'dropped', isset($names['slow']) ? 'kept' : 'dropped', $names['f'] ?? 0,
        $o['events'] + $o['dropped'], var_export(trace_nests($run['events']), true));
}
?>
--EXPECT--
cap 50: 50 events, 962 dropped, 0 folded; {main} kept, slow kept, f 48; events + dropped = 1012; nested: true
cap 1: 1 events, 1011 dropped, 0 folded; {main} kept, slow dropped, f 0; events + dropped = 1012; nested: true
cap 2000: 1012 events, 0 dropped, 0 folded; {main} kept, slow kept, f 1010; events + dropped = 1012; nested: true
