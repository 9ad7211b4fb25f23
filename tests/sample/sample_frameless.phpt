--TEST--
Sample mode: time in a frameless function (str_contains) is charged to it, in the VM and under the tracing JIT, on every PHP version
--DESCRIPTION--
str_contains() is a plain internal call on 8.2 (the ticker notes its frame), a
frameless call on 8.4 (named from the caller's opline, where the VM checks
the interrupt after it) and on 8.5, whose VM checks no interrupt there: bench
wraps each frameless handler, and the wrapper takes the sample due after the
call. scan() searches a 200 KB haystack 100 times between two clock reads,
for 300 ms: the loop's own opcodes take well under 1% of its time, so
str_contains owns at least 90% of scan's samples (false failure: none seen in
50 runs on each version). The script also calls frameless functions that
throw, through an alias (join), and with every arity, to show that the
wrappers change no result.
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; profile_skip(); profile_opcache_skip(' (the JIT half)'); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$code = <<<'PHP'
<?php
function scan(string $hay) {
    $n = 0;
    $t = hrtime(true);
    while (hrtime(true) - $t < 300e6) {
        for ($i = 0; $i < 100; $i++) {
            $n += str_contains($hay, 'needle') ? 1 : 0;
        }
    }
    return $n;
}
scan(str_repeat('hay ', 50000) . 'needle');
try { in_array(1, 'not an array'); } catch (TypeError $e) { echo "TypeError: ", $e->getMessage(), "\n"; }
echo join(',', [1, 2]), ' ', implode([3, 4]), ' ', substr('abcdef', 1, 2), ' ', min(3, 1), ' ', strlen('xyz'), "\n";
$how = bench_info()['sample']['frameless_calls'];
echo "frameless handlers wrapped: ", PHP_VERSION_ID < 80500 ? 'no need before 8.5'
    : (str_starts_with($how, 'leaf named by a wrapper') ? 'yes' : $how), "\n";
PHP;
$ways = [
    'VM' => [],
    'tracing JIT' => profile_opcache_ini() + ['opcache.enable' => '1', 'opcache.enable_cli' => '1', 'opcache.jit' => 'tracing',
        'opcache.jit_buffer_size' => '32M', 'opcache.jit_hot_func' => '1', 'opcache.jit_hot_loop' => '1'],
];
foreach ($ways as $way => $ini) {
    $run = sample_run($code, $ini);
    $paths = sample_folded((string) current($run['files']));
    $scan = sample_weight($paths, '{request};{main};scan');
    $leaf = $paths['{request};{main};scan;str_contains'] ?? 0;
    echo $run['output'], "\n";
    printf("%s: str_contains owns >= 90%% of scan: %s\n", $way, $leaf >= 0.9 * $scan && $scan >= 250e6 ? 'yes' : "no ($leaf of $scan)");
}
?>
--EXPECTF--
TypeError: in_array(): Argument #2 ($haystack) must be of type array, string given
1,2 34 bc 1 3
frameless handlers wrapped: %r(yes|no need before 8\.5)%r
VM: str_contains owns >= 90% of scan: yes
TypeError: in_array(): Argument #2 ($haystack) must be of type array, string given
1,2 34 bc 1 3
frameless handlers wrapped: %r(yes|no need before 8\.5)%r
tracing JIT: str_contains owns >= 90% of scan: yes
