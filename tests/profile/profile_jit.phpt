--TEST--
Profile mode under opcache with the tracing JIT: the JIT stays on, calls are the same as without it, sums stay exact
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); profile_opcache_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$code = file_get_contents(__DIR__ . '/workload.inc') ;
$code = str_replace('(function () { exit(0); })();', 'echo "jit on: ", var_export(opcache_get_status()["jit"]["on"] ?? false, true), ", script cached: ", var_export(opcache_is_script_cached(__FILE__), true), "\n";', $code);
$jit = profile_opcache_ini() + ['opcache.enable' => '1', 'opcache.enable_cli' => '1', 'opcache.jit' => 'tracing',
    'opcache.jit_buffer_size' => '32M', 'opcache.jit_hot_func' => '1', 'opcache.jit_hot_loop' => '1'];
$plain = profile_json(profile_run($code));
$run = profile_run($code, $jit);
$jitted = profile_json($run);
echo explode("\n", $run['output'])[1], "\n";
// Allocations are not compared: the JIT allocates from Zend MM while it
// records and compiles traces, on whatever function is running then.
foreach (['tree', 'Node::sum', 'numbers', 'thrower'] as $name) {
    $a = profile_function($plain, $name);
    $b = profile_function($jitted, $name);
    printf("%s: calls %s\n", $name, $a['calls'] === $b['calls'] ? 'same' : "{$a['calls']} vs {$b['calls']}");
}
echo profile_check_sums($jitted), "\n";
?>
--EXPECT--
jit on: true, script cached: true
tree: calls same
Node::sum: calls same
numbers: calls same
thrower: calls same
sums exact
