--TEST--
bench.track_live=1: per owner, the allocations still unfreed at the request's end, those its shutdown freed, those the cycle collector freed, and the bytes held at the peak, exactly
--SKIPIF--
<?php require __DIR__ . '/../profile/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/../profile/profile.inc';
$code = <<<'PHP'
<?php
class Store { public static array $kept = []; }
// The static array is made whole here, so that keep() only adds its strings to it.
function init(): void { Store::$kept = array_fill(0, 10, null); }
// 10 strings of 200 characters stay: a string of n characters asks for 32 + n bytes (its header and NUL, rounded to 8).
function keep(int $i): void { Store::$kept[$i] = str_repeat('k', 200); }
// Allocates and frees everything: nothing of it is live.
function churn(int $i): int { $s = str_repeat('c', 300); $a = [$s, $i]; return strlen($a[0]); }
// A global that a shutdown function frees: 1032 bytes.
function fill(): void { $GLOBALS['big'] = str_repeat('b', 1000); }
// The peak: a string of 100000 characters, freed on return.
function spike(): int { $s = str_repeat('s', 100000); return strlen($s); }
// A cycle: the object (40 bytes), its properties' table (56) and that table's buckets (320).
function cycle(): void { $o = new stdClass; $o->self = $o; }
init();
for ($i = 0; $i < 10; $i++) { keep($i); churn($i); }
fill();
spike();
for ($i = 0; $i < 3; $i++) { cycle(); }
echo "collected: ", gc_collect_cycles(), "\n";
register_shutdown_function(function () { $GLOBALS['big'] = null; });
PHP;
$run = profile_run($code, ['bench.track_live' => '1', 'zend.enable_gc' => '1']);
echo $run['output'], "\n";
$p = profile_json($run);
echo implode(',', array_slice($p['counters'], -7)), "\n";
foreach (['keep', 'churn', 'fill', 'spike', 'cycle', 'init'] as $name) {
    $own = profile_function($p, $name)['own'];
    printf("%-6s allocs %3d  live %2d (%5d bytes)  cleanup %d (%4d bytes)  gc %d (%4d bytes)  at the peak %6d bytes\n", $name,
        $own['allocs'], $own['live_allocs'], $own['live_bytes'], $own['cleanup_allocs'], $own['cleanup_bytes'], $own['gc_allocs'],
        $own['gc_bytes'], $own['peak_bytes']);
}
$keep = profile_function($p, 'keep');
echo "keep's inclusive live bytes: {$keep['inclusive']['live_bytes']}\n";
printf("collector: %d run, time %s\n", $p['gc_runs'], $p['gc_ns'] > 0 ? 'measured' : 'none');
echo profile_check_sums($p), "\n";

// Without the setting, the profile has none of these counters, nor the collector's figures.
$p = profile_json(profile_run($code));
echo "without: ", implode(',', array_intersect($p['counters'], ['live_allocs', 'live_bytes'])) ?: 'no live counters',
    isset($p['gc_runs']) || isset($p['totals']['live_bytes']) ? ', but live keys' : '', "\n";
?>
--EXPECT--
collected: 3
live_allocs,live_bytes,cleanup_allocs,cleanup_bytes,gc_allocs,gc_bytes,peak_bytes
keep   allocs  10  live 10 ( 2320 bytes)  cleanup 0 (   0 bytes)  gc 0 (   0 bytes)  at the peak   2320 bytes
churn  allocs  30  live  0 (    0 bytes)  cleanup 0 (   0 bytes)  gc 0 (   0 bytes)  at the peak      0 bytes
fill   allocs   1  live  0 (    0 bytes)  cleanup 1 (1032 bytes)  gc 0 (   0 bytes)  at the peak   1032 bytes
spike  allocs   1  live  0 (    0 bytes)  cleanup 0 (   0 bytes)  gc 0 (   0 bytes)  at the peak 100032 bytes
cycle  allocs   9  live  0 (    0 bytes)  cleanup 0 (   0 bytes)  gc 9 (1248 bytes)  at the peak      0 bytes
init   allocs   3  live  3 (  336 bytes)  cleanup 0 (   0 bytes)  gc 0 (   0 bytes)  at the peak    336 bytes
keep's inclusive live bytes: 2320
collector: 1 run, time measured
sums exact
without: no live counters
