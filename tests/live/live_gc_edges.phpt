--TEST--
bench.track_live=1 and the cycle collector's edges: a destructor that calls gc_collect_cycles() adds no run and takes nothing from the outer one; what a destructor allocates during a run is not what the run collected; a fatal error in a destructor during a run leaves later frees counted as cleanup
--SKIPIF--
<?php
require __DIR__ . '/../profile/profile.inc';
profile_skip();
?>
--FILE--
<?php
require __DIR__ . '/../profile/profile.inc';
$ini = ['bench.track_live' => '1', 'bench.start' => 'api', 'zend.enable_gc' => '1'];

// 50 cycles of D, each with a 100-byte string: 100 blocks freed by one run.
$nested = <<<'PHP'
<?php
class D { public $self; public $pad; function __destruct() { if (NESTED) { gc_collect_cycles(); } if (TEMPORARY) { $t = str_repeat('d', 1000); } } }
function make() { for ($i = 0; $i < 50; $i++) { $o = new D; $o->self = $o; $o->pad = str_repeat('x', 100); } }
gc_disable();
bench_start();
make();
gc_enable();
gc_collect_cycles();
$p = bench_stop();
printf("runs %d, collected %d blocks of %d bytes\n", $p['gc_runs'], $p['totals']['gc_allocs'], $p['totals']['gc_bytes']);
PHP;
foreach ([[false, false], [true, false], [false, true]] as [$nest, $temporary]) {
    $code = str_replace(['NESTED', 'TEMPORARY'], [var_export($nest, true), var_export($temporary, true)], $nested);
    $run = profile_run($code, $ini);
    printf("%-32s %s\n", $nest ? 'destructors collect too:' : ($temporary ? 'destructors allocate:' : 'plain:'), trim($run['output']));
}

// fill()'s block is freed by a shutdown function: cleanup, whatever happened in the collector before.
$fatal = <<<'PHP'
<?php
class D { public $self; function __destruct() { if (FATAL) { trigger_error('fatal in a destructor', E_USER_ERROR); } } }
function fill() { $GLOBALS['big'] = str_repeat('b', 1000); }
function make() { $o = new D; $o->self = $o; }
bench_start();
fill();
register_shutdown_function(function () { $GLOBALS['big'] = null; });
make();
gc_collect_cycles();
PHP;
foreach ([false, true] as $die) {
    $run = profile_run(str_replace('FATAL', var_export($die, true), $fatal), $ini);
    $p = profile_json($run);
    $fill = profile_function($p, 'fill');
    printf("%s: fill's block freed at shutdown as cleanup %d, as collected %d; collector runs %d\n",
        $die ? 'fatal error in the run' : 'no error', $fill['own']['cleanup_allocs'], $fill['own']['gc_allocs'], $p['gc_runs']);
}
?>
--EXPECT--
plain:                           runs 1, collected 100 blocks of 10200 bytes
destructors collect too:         runs 1, collected 100 blocks of 10200 bytes
destructors allocate:            runs 1, collected 100 blocks of 10200 bytes
no error: fill's block freed at shutdown as cleanup 1, as collected 0; collector runs 1
fatal error in the run: fill's block freed at shutdown as cleanup 1, as collected 0; collector runs 1
