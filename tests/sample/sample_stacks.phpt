--TEST--
Sample mode: a 100,000-deep stack is truncated to the innermost frames under {truncated} (bench.max_depth, at most 128), and the tracing JIT keeps the attribution, with stacks read by the ticker and by interrupts
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip(); profile_opcache_skip(' (the JIT half)'); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$run = sample_run(<<<'PHP'
<?php
function down(int $n) { if ($n === 0) { usleep(100000); return 0; } return 1 + down($n - 1); }
echo down(100000), "\n";
PHP, ['memory_limit' => '-1', 'bench.max_depth' => '1000']);
echo $run['output'], "\n";
$paths = sample_folded(current($run['files']));
$deep = array_filter(array_keys($paths), fn($p) => str_ends_with($p, ';usleep'));
$path = explode(';', (string) reset($deep));
// {request};{truncated};down;...;down;usleep
printf("usleep sampled under %s, %d frames kept, the outer ones %s\n", $path[1] ?? '-', count($path) - 2,
    array_unique(array_slice($path, 2, -1)) === ['down'] ? 'all down()' : 'mixed');

// Under the JIT the ticker reads the stacks itself (tests/sample/sample_jit.phpt), or bench.sample_with_jit=1 samples by
// interrupts, where spin() may go wrong: it returns a value nobody checks.
$jit = <<<'PHP'
<?php
function spin() { $s = 0; for ($i = 0; $i < 3000000; $i++) { $s += $i % 7; } return $s; }
function nap() { usleep(200000); }
function down(int $n) { if ($n === 0) { nap(); return 0; } return 1 + down($n - 1); }
for ($i = 0; $i < 3; $i++) { spin(); }
nap();
echo down(100000), "\n";
echo "jit on: ", var_export(opcache_get_status()['jit']['on'] ?? false, true), ", script cached: ", var_export(opcache_is_script_cached(__FILE__), true), "\n";
PHP;
foreach (['stacks read by the ticker' => '0', 'interrupts' => '1'] as $way => $with_jit) {
    $run = sample_run($jit, profile_opcache_ini() + ['opcache.enable' => '1', 'opcache.enable_cli' => '1', 'opcache.jit' => 'tracing',
        'opcache.jit_buffer_size' => '32M', 'bench.sample_with_jit' => $with_jit, 'memory_limit' => '-1', 'bench.max_depth' => '1000']);
    echo "JIT, $way:\n", $run['output'], "\n";
    $paths = sample_folded(current($run['files']));
    $nap = sample_weight($paths, '{request};{main};nap');
    printf("usleep is the leaf: %s\n", ($paths['{request};{main};nap;usleep'] ?? 0) >= 0.9 * $nap && $nap > 0 ? 'yes' : 'no');
    $deep = array_filter(array_keys($paths), fn($p) => str_ends_with($p, ';nap;usleep') && str_starts_with($p, '{request};{truncated};'));
    $path = explode(';', (string) reset($deep));
    printf("usleep sampled under %s, %d frames kept, the outer ones %s\n", $path[1] ?? '-', count($path) - 2,
        array_unique(array_slice($path, 2, -2)) === ['down'] ? 'all down()' : 'mixed');
}
?>
--EXPECT--
100000
usleep sampled under {truncated}, 128 frames kept, the outer ones all down()
JIT, stacks read by the ticker:
100000
jit on: true, script cached: true
usleep is the leaf: yes
usleep sampled under {truncated}, 128 frames kept, the outer ones all down()
JIT, interrupts:
100000
jit on: true, script cached: true
usleep is the leaf: yes
usleep sampled under {truncated}, 128 frames kept, the outer ones all down()
