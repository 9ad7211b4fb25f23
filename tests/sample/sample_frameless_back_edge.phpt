--TEST--
Sample mode: a loop whose body starts with a cheap frameless call (str_starts_with) and goes on in arithmetic charges the arithmetic to the loop's function, not to the call
--DESCRIPTION--
Between two calls the VM may check no interrupt (the loop's condition and
jump back here), so a tick that fell in the arithmetic is first found due
after the next frameless call. On 8.4, bench named the leaf from the
caller's opline there, and charged all of edge's time (300 of 300 ms) to
str_starts_with; on 8.5 its wrapper charged it 220 of 300 ms. The wrapper
now names the call only when the ticker saw it running. The call takes a
few percent of each iteration, the arithmetic the rest, so str_starts_with
owns under 25% of edge's samples (about 30 samples at 10 ms; false failure:
none seen in 50 runs on each version). Under valgrind, which runs one thread
at a time and so lets the ticker read only where it switches threads (one
run gave str_starts_with 150 of 410 ms, on 8.2 where it is no frameless
call at all), only the sampling is checked.
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip(); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$run = sample_run(<<<'PHP'
<?php
function edge(string $s, string $prefix) {
    $n = 0;
    $x = 1;
    for ($t = hrtime(true); hrtime(true) - $t < 300e6;) {
        for ($i = 0; $i < 1000; $i++) {
            if (str_starts_with($s, $prefix)) {
                $n++;
            }
            $x = ($x * 31 + $i) % 1000003; $x = ($x * 31 + $i) % 1000003; $x = ($x * 31 + $i) % 1000003;
            $x = ($x * 31 + $i) % 1000003; $x = ($x * 31 + $i) % 1000003; $x = ($x * 31 + $i) % 1000003;
            $x = ($x * 31 + $i) % 1000003; $x = ($x * 31 + $i) % 1000003; $x = ($x * 31 + $i) % 1000003;
            $x = ($x * 31 + $i) % 1000003; $x = ($x * 31 + $i) % 1000003; $x = ($x * 31 + $i) % 1000003;
        }
    }
    return $n + $x;
}
edge('abcdef', 'abc');
PHP);
$paths = sample_folded((string) current($run['files']));
$all = sample_weight($paths, '{request};{main};edge');
$call = $paths['{request};{main};edge;str_starts_with'] ?? 0;
echo $run['output'], "\n";
printf("edge sampled >= 250 ms: %s\n", $all >= 250e6 ? 'yes' : "no ($all)");
$timed = !getenv('SKIP_PERF_SENSITIVE');
printf("str_starts_with owns < 25%% of edge: %s\n", $call < 0.25 * $all || !$timed ? 'yes' : "no ($call of $all)");
?>
--EXPECT--

edge sampled >= 250 ms: yes
str_starts_with owns < 25% of edge: yes
