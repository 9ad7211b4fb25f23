--TEST--
Sample mode: time in frameless functions of 1, 2 and 3 arguments is charged to them, in the VM and under the tracing JIT, on every PHP version
--DESCRIPTION--
implode($parts), str_contains($hay, $needle) and strtr($text, $from, $to) are
plain internal calls on 8.2 (the ticker notes their frames), frameless calls
on 8.4 and 8.5, which push no frame: bench wraps each frameless handler, and
the wrapper takes the sample due after the call when the ticker saw the call
running (8.5's VM checks no interrupt after one). Each
loop runs 200 ms of calls of 40 us or more, on values the compiler cannot
know, between clock reads: the loop's own opcodes take well under 1% of its
time, so the function owns at least 90% of its loop's samples (80% under valgrind; false
failure: none seen in 50 runs, 25 each way, on each version). Calls of some
5 us gave 8.2's ticker as little as 85% under the JIT, the rest going to
the loop and to hrtime(). Frameless calls that throw
or return a result show that the wrappers change no result.
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip(); profile_opcache_skip(' (the JIT half)'); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$code = <<<'PHP'
<?php
function one(array $parts) {
    $n = 0;
    for ($t = hrtime(true); hrtime(true) - $t < 200e6;) {
        for ($i = 0; $i < 10; $i++) {
            $n += strlen(implode($parts));
        }
    }
    return $n;
}
function two(string $hay, string $needle) {
    $n = 0;
    for ($t = hrtime(true); hrtime(true) - $t < 200e6;) {
        for ($i = 0; $i < 10; $i++) {
            $n += str_contains($hay, $needle) ? 1 : 0;
        }
    }
    return $n;
}
function three(string $text, string $from, string $to) {
    $n = 0;
    for ($t = hrtime(true); hrtime(true) - $t < 200e6;) {
        for ($i = 0; $i < 10; $i++) {
            $n += strlen(strtr($text, $from, $to));
        }
    }
    return $n;
}
$words = explode(' ', str_repeat('lorem ipsum dolor ', 10000));
one($words);
two(str_repeat(implode(' ', $words), 10) . 'needle', 'needle');
three(implode(' ', $words), 'lorem', 'LOREM');
$not_an_array = $argv[0];
try { in_array(1, $not_an_array); } catch (TypeError $e) { echo "TypeError: ", $e->getMessage(), "\n"; }
// Through a function: values the optimizer cannot fold into the calls.
function v($x) { return $x; }
[$s, $a, $b, $class, $path] = [v('abcdef'), count($words), v(2), v('stdClass'), v('/a/b/c')];
echo substr($s, 1, $b), ' ', min($a, $b), ' ', implode(',', [$a, $b]), ' ', var_export(class_exists($class), true), ' ',
    dechex($a), ' ', var_export(is_numeric($s), true), ' ', trim(" $s "), ' ', basename(dirname($path)), "\n";
$how = bench_info()['sample']['frameless_calls'];
echo "frameless handlers wrapped: ", PHP_VERSION_ID < 80400 ? 'none before 8.4'
    : (str_starts_with($how, 'leaf named by a wrapper') ? 'yes' : $how), "\n";
echo "jit on: ", var_export(function_exists('opcache_get_status') && (opcache_get_status()['jit']['on'] ?? false)
    && opcache_is_script_cached(__FILE__), true), "\n";
PHP;
$ways = [
    'VM' => [],
    // Under the JIT the ticker reads the stacks itself (tests/sample/sample_jit.phpt), seeing the frameless call posted by
    // its wrapper; or bench.sample_with_jit=1 samples by interrupts (the loops' sums are not checked).
    'tracing JIT, stacks read by the ticker' => $jit = profile_opcache_ini() + ['opcache.enable' => '1', 'opcache.enable_cli' => '1',
        'opcache.jit' => 'tracing', 'opcache.jit_buffer_size' => '32M', 'opcache.jit_hot_func' => '1', 'opcache.jit_hot_loop' => '1'],
    'tracing JIT, interrupts' => $jit + ['bench.sample_with_jit' => '1'],
];
// Under valgrind (memcheck) the loop's clock reads cost it more beside the calls: strtr() kept 86% to 89.6%
// of its loop in two runs there, the other loops over 90%. There the share asked is 80%, here 90%.
$share = getenv('SKIP_PERF_SENSITIVE') ? 0.8 : 0.9;
foreach ($ways as $way => $ini) {
    $run = sample_run($code, $ini);
    $paths = sample_folded((string) current($run['files']));
    echo "$way:\n", $run['output'], "\n";
    foreach (['one' => 'implode', 'two' => 'str_contains', 'three' => 'strtr'] as $loop => $leaf) {
        $all = sample_weight($paths, "{request};{main};$loop");
        $own = $paths["{request};{main};$loop;$leaf"] ?? 0;
        printf("%s owns its share of %s: %s\n", $leaf, $loop, $own >= $share * $all && $all >= 150e6 ? 'yes' : "no ($own of $all)");
    }
}
?>
--EXPECTF--
VM:
TypeError: in_array(): Argument #2 ($haystack) must be of type array, string given
bc 2 30001,2 true 7531 false abcdef b
frameless handlers wrapped: %r(yes|none before 8\.4)%r
jit on: false
implode owns its share of one: yes
str_contains owns its share of two: yes
strtr owns its share of three: yes
tracing JIT, stacks read by the ticker:
TypeError: in_array(): Argument #2 ($haystack) must be of type array, string given
bc 2 30001,2 true 7531 false abcdef b
frameless handlers wrapped: %r(yes|none before 8\.4)%r
jit on: true
implode owns its share of one: yes
str_contains owns its share of two: yes
strtr owns its share of three: yes
tracing JIT, interrupts:
TypeError: in_array(): Argument #2 ($haystack) must be of type array, string given
bc 2 30001,2 true 7531 false abcdef b
frameless handlers wrapped: %r(yes|none before 8\.4)%r
jit on: true
implode owns its share of one: yes
str_contains owns its share of two: yes
strtr owns its share of three: yes
