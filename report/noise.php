<?php
/*
 * The noise rule that benchmarks/compare applies to benchmark results and
 * bin/bench's diff to profiles. A change is the relative difference of a
 * metric between two runs: (b - a) / |a|, lower being better. A change above
 * a metric's threshold is "worse", below minus the threshold "better", and
 * anything else, the threshold itself included, "noise". A threshold is
 * max(3 x the largest change between two runs of the same build, the
 * metric's floor). In the global namespace: benchmarks/lib/verdict.php
 * shares it.
 */

/* What is compared, with the relative floor under each threshold: the clocks
 * move by a few percent on a shared VM even when nothing changed; callgrind's
 * instructions repeat to well under 0.1%; counts of allocations and opcodes
 * repeat exactly, so any change of them counts. */
const BENCH_FLOORS = [
    'wall_ns' => 0.05,
    'cpu_ns' => 0.05,
    'instructions' => 0.001,
    'cycles' => 0.02,
    'allocs' => 0.0,
    'alloc_bytes' => 0.0,
    'frees' => 0.0,
    'ops' => 0.0,
    'peak_bytes' => 0.0,
];

function bench_change(int|float $a, int|float $b): float
{
    if ($a == 0) {
        return $b == 0 ? 0.0 : ($b > 0 ? INF : -INF);
    }
    return ($b - $a) / abs($a);
}

function bench_verdict(float $change, float $threshold): string
{
    if ($change > $threshold) {
        return 'worse';
    }
    if ($change < -$threshold) {
        return 'better';
    }
    return 'noise';
}
