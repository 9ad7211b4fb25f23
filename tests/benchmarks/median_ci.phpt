--TEST--
benchmarks/lib: the 95% interval of a median is the pair of order statistics the binomial law gives, in any input order and for long lists (2^-2000 underflows)
--FILE--
<?php
require dirname(__DIR__, 2) . '/benchmarks/lib/results.php';
foreach ([5, 6, 10, 24, 100, 2000] as $n) {
    $xs = range(1, $n);
    shuffle($xs);
    $ci = bench_median_ci($xs);
    printf("n=%d %s\n", $n, $ci ? implode(' to ', $ci) : 'none');
}
// Coverage of [x(k+1), x(n-k)] is 1 - 2 P(Binomial(n, 1/2) <= k): at least 0.95, and the next pair inward falls below.
foreach ([6, 10, 24, 100] as $n) {
    $pmf = [1.0];
    for ($i = 1; $i <= $n; $i++) {
        $pmf[$i] = $pmf[$i - 1] * ($n - $i + 1) / $i;
    }
    $cdf = fn(int $k) => array_sum(array_slice($pmf, 0, $k + 1)) / 2 ** $n;
    $k = bench_median_ci(range(1, $n))[0] - 1;
    printf("n=%d coverage %.4f, one pair inward %.4f\n", $n, 1 - 2 * $cdf($k), 1 - 2 * $cdf($k + 1));
}
?>
--EXPECT--
n=5 none
n=6 1 to 6
n=10 2 to 9
n=24 7 to 18
n=100 40 to 61
n=2000 956 to 1045
n=6 coverage 0.9688, one pair inward 0.7812
n=10 coverage 0.9785, one pair inward 0.8906
n=24 coverage 0.9773, one pair inward 0.9361
n=100 coverage 0.9648, one pair inward 0.9431
