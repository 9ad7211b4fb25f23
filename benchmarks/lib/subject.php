<?php
/*
 * Runs one subject in this process and prints its measurement as JSON on
 * stdout. Called by benchmarks/run, one process per subject and pass:
 *
 *   php -n -d extension=bench.so lib/subject.php FILE NAME [ops|callgrind]
 *
 * A subject file returns an array of subjects, name => spec:
 *   'k'      => int        warm calls (fixed per subject, the same in every run)
 *   'run'    => callable   one call is one unit of work (one request for an app)
 *   'expect' => mixed      what run() must return; checked with === on k more calls after measuring
 *   'extensions' => [...]  PHP extensions the subject needs (benchmarks/run loads them)
 * A subject whose result is wrong, or which throws, fails the run (exit 1).
 * Under callgrind (one pass, counts that repeat) warm is measured once.
 */
require __DIR__ . '/results.php';

[$file, $name, $pass] = array_slice($argv, 1, 3) + [null, null, 'time'];
if ($file === null || $name === null) {
    bench_fail("usage: subject.php FILE NAME [time|ops|callgrind]");
}
$subjects = bench_load_subjects($file);
if (!isset($subjects[$name])) {
    bench_fail("$file has no subject \"$name\"");
}
$spec = $subjects[$name];
$k = $pass === 'callgrind' ? min($spec['k'], BENCH_CALLGRIND_MAX_K) : $spec['k'];

$gc_before = gc_status()['runs'];
try {
    // Cold is the process's first call; warm is the median, metric by metric,
    // of several measurements: a shared machine's hiccups land in one of them.
    $r = bench_measure($spec['run'], $k);
    $warm = [$r['warm']];
    $reps = $pass === 'callgrind' ? 1 : BENCH_WARM_REPEATS;
    for ($i = 1; $i < $reps; $i++) {
        $again = bench_measure($spec['run'], $k);
        $warm[] = $again['warm'];
        $r['peak_bytes'] = $r['peak_bytes'] === null ? null : max($r['peak_bytes'], $again['peak_bytes']);
    }
    foreach ($r['warm'] as $metric => $value) {
        $values = array_column($warm, $metric);
        sort($values);
        $r['warm'][$metric] = $value === null ? null : $values[intdiv(count($values), 2)];
    }
    $r['warm_repeats'] = $reps;
    // Every call's result is checked after measuring (a check among the measured calls would be measured
    // too): k more calls, as many as one measurement makes, catch a subject that breaks after a while.
    // The same calls say what a call leaves behind once cycles are collected, and how many cycles it makes.
    $checks = $pass === 'callgrind' ? 1 : $k;
    gc_collect_cycles();
    $usage = memory_get_usage();
    for ($call = 1; $call <= $checks; $call++) {
        if (($result = ($spec['run'])()) !== $spec['expect']) {
            bench_fail(sprintf("subject %s returned %s, expected %s (call %d of %d after measuring)", $name,
                bench_short(var_export($result, true)), bench_short(var_export($spec['expect'], true)), $call, $checks));
        }
        unset($result);
    }
    $collected = gc_collect_cycles();
    // With USE_ZEND_ALLOC=0 (valgrind) the system allocator does the work and PHP's usage stays 0: unknown.
    $leaked = getenv('USE_ZEND_ALLOC') === '0' ? null : (memory_get_usage() - $usage) / $checks;
    $r['memory'] = ['leaked_bytes' => $leaked, 'gc_collected' => $collected / $checks];
} catch (Throwable $e) {
    bench_fail(sprintf("subject %s threw %s: %s", $name, get_class($e), $e->getMessage()));
}
$r['gc_runs'] = gc_status()['runs'] - $gc_before;
// What makes two runs alike or not (benchmarks/compare checks it), read after measuring.
$extensions = [];
foreach (array_merge(get_loaded_extensions(), get_loaded_extensions(true)) as $loaded) {
    $extensions[strtolower($loaded)] = (string) phpversion($loaded);
}
ksort($extensions);
$r['setup'] = [
    'expect' => sha1(var_export($spec['expect'], true)),
    'php' => sprintf('%s, sha1 %s', PHP_VERSION, substr((string) sha1_file(PHP_BINARY), 0, 12)),
    'php_binary' => PHP_BINARY,
    'extensions' => $extensions,
    'ini' => ini_get_all(null, false),
];
echo json_encode($r, JSON_PRESERVE_ZERO_FRACTION), "\n";
