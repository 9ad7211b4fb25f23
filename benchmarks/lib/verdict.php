<?php
/*
 * Noise thresholds and verdicts. A change is the relative difference of a
 * metric between two runs: (b - a) / |a|, lower being better for every
 * metric. Each metric has two thresholds, both from an A/A pair: a relative
 * one and an absolute one (in the metric's unit). A change beyond noise
 * exceeds both: above both it is "worse", below both their negatives
 * "better"; anything else, a change equal to a threshold included, is
 * "noise". The absolute threshold keeps a few nanoseconds on a subject of a
 * few nanoseconds from reading as a large relative change.
 */
require_once __DIR__ . '/results.php';
// The floors, the change and the verdict: bin/bench's diff of profiles applies the same rule.
require_once __DIR__ . '/../../report/noise.php';

/*
 * What compare judges, with each relative floor. Fewer frees is no gain: with
 * the same allocations it is a leak. So frees are judged as the allocations
 * a call left unfreed (allocs - frees), and the bytes a call keeps
 * (retained_bytes) on their own; both are exact. What a call leaves behind
 * once cycles are collected (leaked_bytes) and the cycles it makes
 * (gc_collected, the collector's work) come from the calls that check the
 * subject's results (lib/subject.php). The first call (cold:
 * compiling, filling caches, autoloading) is judged with thresholds of its
 * own, as one call moves more than the median of many.
 */
const BENCH_JUDGED = ['wall_ns' => BENCH_FLOORS['wall_ns'], 'cpu_ns' => BENCH_FLOORS['cpu_ns'],
    'instructions' => BENCH_FLOORS['instructions'], 'cycles' => BENCH_FLOORS['cycles'],
    'allocs' => BENCH_FLOORS['allocs'], 'alloc_bytes' => BENCH_FLOORS['alloc_bytes'], 'unfreed' => 0.0,
    'retained_bytes' => 0.0, 'ops' => BENCH_FLOORS['ops'], 'peak_bytes' => BENCH_FLOORS['peak_bytes'],
    'leaked_bytes' => 0.0, 'gc_collected' => 0.0,
    'cold.wall_ns' => BENCH_FLOORS['wall_ns'], 'cold.cpu_ns' => BENCH_FLOORS['cpu_ns'],
    'cold.instructions' => BENCH_FLOORS['instructions'], 'cold.allocs' => BENCH_FLOORS['allocs'],
    'cold.alloc_bytes' => BENCH_FLOORS['alloc_bytes'], 'cold.ops' => BENCH_FLOORS['ops']];

function bench_metric(array $result, string $metric): int|float|null
{
    if (str_starts_with($metric, 'cold.')) {
        return $result['cold'][substr($metric, 5)];
    }
    $warm = $result['warm'];
    return match ($metric) {
        'peak_bytes' => $result['peak_bytes'] ?? null,
        'unfreed' => $warm['allocs'] === null || $warm['frees'] === null ? null : $warm['allocs'] - $warm['frees'],
        'leaked_bytes', 'gc_collected' => $result['memory'][$metric] ?? null,
        default => $warm[$metric],
    };
}

/** The verdict on a change from a to b under a relative and an absolute threshold: it must exceed both. */
function bench_judge(int|float $a, int|float $b, float $relative, float $absolute): string
{
    return abs($b - $a) > $absolute ? bench_verdict(bench_change($a, $b), $relative) : 'noise';
}

/** Both labels must hold the same subjects. */
function bench_same_subjects(array $a, array $b, string $la, string $lb): void
{
    $only_a = array_diff(array_keys($a), array_keys($b));
    $only_b = array_diff(array_keys($b), array_keys($a));
    if ($only_a || $only_b) {
        bench_fail(sprintf("%s and %s hold different subjects (only in %s: %s; only in %s: %s)",
            $la, $lb, $la, implode(', ', $only_a) ?: '-', $lb, implode(', ', $only_b) ?: '-'), 2);
    }
}

/* The differences between two runs that --allow can accept, by name. */
const BENCH_ALLOWABLE = ['k', 'subject', 'php', 'bench', 'extensions', 'ini'];

/**
 * How the runs of A and B differ in what makes a comparison fair, as lines
 * "NAME: what differs", by name (an entry of BENCH_ALLOWABLE); empty when alike.
 */
function bench_differences(array $a, array $b, string $la, string $lb): array
{
    $found = [];
    $note = function (string $name, string $line) use (&$found) {
        $found[$name][$line] = true;
    };
    foreach ($a as $subject => $ra) {
        $sa = $ra['setup'];
        $sb = $b[$subject]['setup'];
        if ($sa['k'] !== $sb['k']) {
            $note('k', "$subject: k=$sa[k] in $la, k=$sb[k] in $lb");
        }
        if ($sa['subject'] !== $sb['subject']) {
            $note('subject', "$subject: the subject file's contents differ ({$ra['file']} in $la, {$b[$subject]['file']} in $lb)");
        }
        if ($sa['expect'] !== $sb['expect']) {
            $note('subject', "$subject: the expected result differs");
        }
        foreach (['php' => 'php_binary', 'bench' => 'bench_so'] as $name => $where) {
            if ($sa[$name] !== $sb[$name]) {
                $note($name, sprintf('%s (%s) in %s, %s (%s) in %s', $sa[$name], $ra[$where] ?? '?', $la,
                    $sb[$name], $b[$subject][$where] ?? '?', $lb));
            }
        }
        foreach (['extensions' => 'extension', 'ini' => 'setting'] as $name => $what) {
            foreach (array_keys($sa[$name] + $sb[$name]) as $key) {
                $va = $sa[$name][$key] ?? null;
                $vb = $sb[$name][$key] ?? null;
                if ($va !== $vb) {
                    $note($name, sprintf('%s %s: %s in %s, %s in %s', $what, $key, $va === null ? 'absent' : var_export($va, true),
                        $la, $vb === null ? 'absent' : var_export($vb, true), $lb));
                }
            }
        }
    }
    return array_map('array_keys', $found);
}

/**
 * From two runs of the same build, per metric: the largest relative change
 * over all subjects and the relative threshold max(3 x that change, the
 * metric's floor); the median over subjects of the absolute difference and
 * the absolute threshold 3 x that (the median, as the largest would come
 * from the slowest subject and hide every change of a fast one).
 */
function bench_noise(array $a1, array $a2): array
{
    $metrics = [];
    foreach (BENCH_JUDGED as $metric => $floor) {
        $largest = 0.0;
        $where = null;
        $differences = [];
        foreach ($a1 as $subject => $r1) {
            $v1 = bench_metric($r1, $metric);
            $v2 = bench_metric($a2[$subject], $metric);
            if ($v1 === null || $v2 === null) {
                continue;
            }
            $differences[] = abs($v2 - $v1);
            $change = abs(bench_change($v1, $v2));
            if ($change > $largest) {
                $largest = $change;
                $where = $subject;
            }
        }
        $median = $differences === [] ? 0.0 : (float) bench_median($differences);
        $metrics[$metric] = [
            'largest_change' => $largest,
            'subject' => $where,
            'floor' => $floor,
            'relative' => max(3 * $largest, $floor),
            'median_difference' => $median,
            'absolute' => 3 * $median,
        ];
    }
    return $metrics;
}

/**
 * Thresholds as saved by benchmarks/noise (INF is saved as null), or the
 * floors with no absolute threshold when there is no noise file.
 * @return array<string, array{relative: float, absolute: float}>
 */
function bench_load_thresholds(?string $path): array
{
    if ($path === null) {
        return array_map(fn($floor) => ['relative' => $floor, 'absolute' => 0.0], BENCH_JUDGED);
    }
    if (!is_file($path)) {
        bench_fail("thresholds file $path is missing (run benchmarks/noise A1 A2 first)", 2);
    }
    $data = json_decode((string) file_get_contents($path), true);
    if (!is_array($data) || !is_array($data['metrics'] ?? null)) {
        bench_fail("thresholds file $path is not valid (" . json_last_error_msg() . ")", 2);
    }
    $thresholds = [];
    foreach (BENCH_JUDGED as $metric => $floor) {
        $saved = $data['metrics'][$metric] ?? [];
        if (!array_key_exists('relative', $saved) || !array_key_exists('absolute', $saved)) {
            bench_fail("thresholds file $path has no relative and absolute threshold for $metric (run benchmarks/noise again)", 2);
        }
        $thresholds[$metric] = ['relative' => $saved['relative'] === null ? INF : (float) $saved['relative'],
            'absolute' => $saved['absolute'] === null ? INF : (float) $saved['absolute']];
    }
    return $thresholds;
}

/** @return list<array{subject: string, metric: string, a: int|float, b: int|float, change: float, relative: float, absolute: float, verdict: string}> */
function bench_compare(array $a, array $b, array $thresholds): array
{
    $rows = [];
    foreach ($a as $subject => $ra) {
        foreach ($thresholds as $metric => ['relative' => $relative, 'absolute' => $absolute]) {
            $va = bench_metric($ra, $metric);
            $vb = bench_metric($b[$subject], $metric);
            if ($va === null || $vb === null) {
                continue;
            }
            $rows[] = ['subject' => $subject, 'metric' => $metric, 'a' => $va, 'b' => $vb, 'change' => bench_change($va, $vb),
                'relative' => $relative, 'absolute' => $absolute, 'verdict' => bench_judge($va, $vb, $relative, $absolute)];
        }
    }
    return $rows;
}

function bench_label_dir(string $label): string
{
    return is_dir($label) ? $label : bench_results_dir() . "/$label";
}

function bench_percent(float $x): string
{
    return is_infinite($x) ? ($x > 0 ? '+inf' : '-inf') : sprintf('%+.2f%%', 100 * $x);
}
