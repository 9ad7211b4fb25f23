--TEST--
Sample mode under the JIT: the ticker names what it reads as the interrupts do (a generator, a fiber, eval()'d code, __call, an anonymous class, closures)
--DESCRIPTION--
The ticker copies the names of the functions on the stacks it reads
(src/sample/stacks.c); the profile names them from those copies as it names
live functions. Each kind of frame runs spin() for 40 ms of a 1 ms
interval: its path must own at least 20 ms (false failure: none in 20 runs
on 8.2, each under both JITs).
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip(); profile_opcache_skip(); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$code = <<<'PHP'
<?php
function spin(int $ms): int { $s = 0; for ($t = hrtime(true); hrtime(true) - $t < $ms * 1e6;) { for ($i = 0; $i < 1000; $i++) { $s += $i % 7; } } return $s; }
function gen() { for ($k = 0; $k < 4; $k++) { yield spin(10); } }
class Magic { function __call($name, $args) { return spin(40); } }
$anonymous = new class { function work() { return spin(40); } };
$fiber = new Fiber(function () { for ($k = 0; $k < 4; $k++) { spin(10); Fiber::suspend(); } });
foreach (gen() as $v) {}
(new Magic)->anything();
$anonymous->work();
eval('spin(40);');
$closure = fn($ms) => spin($ms);
$closure(40);
array_map(fn($ms) => spin($ms), [20, 20]);
for ($fiber->start(); !$fiber->isTerminated(); $fiber->resume()) {}
echo "jit on: ", var_export(opcache_get_status()['jit']['on'] ?? false, true), ", script cached: ", var_export(opcache_is_script_cached(__FILE__), true), "\n";
PHP;
foreach (['function', 'tracing'] as $mode) {
    $run = sample_run($code, profile_opcache_ini() + ['opcache.enable' => '1', 'opcache.enable_cli' => '1', 'opcache.jit' => $mode,
        'opcache.jit_buffer_size' => '32M', 'bench.sample_interval_us' => '1000']);
    echo "$mode JIT: ", trim($run['output']), "\n";
    $paths = sample_folded((string) current($run['files']));
    foreach (['gen;spin', 'Magic::__call;spin', 'class@anonymous@%.php:5$0::work;spin', "eval:%.php(10) : eval()'d code;spin",
            '{closure}@%.php:11;spin', 'array_map;{closure}@%.php:13;spin', 'Fiber::resume;{engine};{closure}@%.php:6;spin'] as $want) {
        $own = 0;
        foreach ($paths as $path => $weight) {
            $pattern = '~^\{request\};\{main\};' . str_replace(['%'], ['[^;]*'], preg_quote($want, '~')) . '$~';
            $pattern = str_replace(preg_quote('[^;]*', '~'), '[^;]*', $pattern);
            if (preg_match($pattern, $path)) {
                $own += $weight;
            }
        }
        printf("  %s: %s\n", $want, $own >= 20e6 ? 'named' : "no ($own ns)");
    }
}
?>
--EXPECT--
function JIT: jit on: true, script cached: true
  gen;spin: named
  Magic::__call;spin: named
  class@anonymous@%.php:5$0::work;spin: named
  eval:%.php(10) : eval()'d code;spin: named
  {closure}@%.php:11;spin: named
  array_map;{closure}@%.php:13;spin: named
  Fiber::resume;{engine};{closure}@%.php:6;spin: named
tracing JIT: jit on: true, script cached: true
  gen;spin: named
  Magic::__call;spin: named
  class@anonymous@%.php:5$0::work;spin: named
  eval:%.php(10) : eval()'d code;spin: named
  {closure}@%.php:11;spin: named
  array_map;{closure}@%.php:13;spin: named
  Fiber::resume;{engine};{closure}@%.php:6;spin: named
