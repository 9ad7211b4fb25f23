<?php
/*
 * What bench_measure() adds per call: the warm wall time it reports for an
 * empty closure (k = 10,000), against the same closure called from a PHP loop
 * timed with hrtime(), in the same process, interleaved, medians of 31 rounds.
 * The loop is timed twice per round: the two medians' ratio is the A/A noise.
 *
 *   php -d extension=modules/bench.so benchmarks/measure_overhead.php
 */
if (!function_exists('bench_measure')) {
    fwrite(STDERR, "measure_overhead: load bench (-d extension=.../bench.so)\n");
    exit(1);
}
$k = 10000;
$rounds = 31;
$f = function () {};

function loop_ns(Closure $f, int $k): float
{
    $start = hrtime(true);
    for ($i = 0; $i < $k; $i++) {
        $f();
    }
    return (hrtime(true) - $start) / $k;
}

function median(array $xs): float
{
    sort($xs);
    return $xs[intdiv(count($xs), 2)];
}

$loop = $loop_again = $measured = [];
for ($r = 0; $r < $rounds; $r++) {
    $loop[] = loop_ns($f, $k);
    $measured[] = bench_measure($f, $k)['warm']['wall_ns'];
    $loop_again[] = loop_ns($f, $k);
}
$base = median($loop);
printf("empty closure, k = %d, %d rounds, medians per call:\n", $k, $rounds);
printf("  PHP loop                 %7.1f ns\n", $base);
printf("  PHP loop again (A/A)     %7.1f ns  (ratio %.3f)\n", median($loop_again), median($loop_again) / $base);
printf("  bench_measure warm       %7.1f ns  (adds %.1f ns per call)\n", median($measured), median($measured) - $base);
