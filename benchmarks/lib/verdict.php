<?php
/*
 * Noise thresholds and verdicts. A change is the relative difference of a
 * warm metric (or peak_bytes, or unfreed) between two runs: (b - a) / |a|.
 * Lower is better for every metric. A change above a metric's threshold is
 * "worse", below minus the threshold "better", and anything else, the
 * threshold itself included, "noise".
 */
require_once __DIR__ . '/results.php';
// The floors, the change and the verdict: bin/bench's diff of profiles applies the same rule.
require_once __DIR__ . '/../../report/noise.php';

/*
 * What compare judges, with each floor. Fewer frees is no gain: with the same
 * allocations it is a leak. So frees are judged as the allocations a call
 * left unfreed (allocs - frees), and the bytes a call keeps (retained_bytes)
 * on their own; both are exact.
 */
const BENCH_JUDGED = ['wall_ns' => BENCH_FLOORS['wall_ns'], 'cpu_ns' => BENCH_FLOORS['cpu_ns'],
    'instructions' => BENCH_FLOORS['instructions'], 'cycles' => BENCH_FLOORS['cycles'],
    'allocs' => BENCH_FLOORS['allocs'], 'alloc_bytes' => BENCH_FLOORS['alloc_bytes'], 'unfreed' => 0.0,
    'retained_bytes' => 0.0, 'ops' => BENCH_FLOORS['ops'], 'peak_bytes' => BENCH_FLOORS['peak_bytes']];

function bench_metric(array $result, string $metric): int|float|null
{
    $warm = $result['warm'];
    return match ($metric) {
        'peak_bytes' => $result['peak_bytes'] ?? null,
        'unfreed' => $warm['allocs'] === null || $warm['frees'] === null ? null : $warm['allocs'] - $warm['frees'],
        default => $warm[$metric],
    };
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
 * From two runs of the same build: per metric, the largest change over all
 * subjects, and the threshold max(3 x that change, the metric's floor).
 */
function bench_noise(array $a1, array $a2): array
{
    $metrics = [];
    foreach (BENCH_JUDGED as $metric => $floor) {
        $largest = 0.0;
        $where = null;
        foreach ($a1 as $subject => $r1) {
            $v1 = bench_metric($r1, $metric);
            $v2 = bench_metric($a2[$subject], $metric);
            if ($v1 === null || $v2 === null) {
                continue;
            }
            $change = abs(bench_change($v1, $v2));
            if ($change > $largest) {
                $largest = $change;
                $where = $subject;
            }
        }
        $metrics[$metric] = [
            'largest_change' => $largest,
            'subject' => $where,
            'floor' => $floor,
            'threshold' => max(3 * $largest, $floor),
        ];
    }
    return $metrics;
}

/** Thresholds as saved by benchmarks/noise (INF is saved as null). */
function bench_load_thresholds(?string $path): array
{
    if ($path === null) {
        return BENCH_JUDGED;
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
        if (!array_key_exists($metric, $data['metrics']) || !array_key_exists('threshold', $data['metrics'][$metric])) {
            bench_fail("thresholds file $path has no threshold for $metric", 2);
        }
        $t = $data['metrics'][$metric]['threshold'];
        $thresholds[$metric] = $t === null ? INF : (float) $t;
    }
    return $thresholds;
}

/** @return list<array{subject: string, metric: string, a: int|float, b: int|float, change: float, threshold: float, verdict: string}> */
function bench_compare(array $a, array $b, array $thresholds): array
{
    $rows = [];
    foreach ($a as $subject => $ra) {
        foreach ($thresholds as $metric => $threshold) {
            $va = bench_metric($ra, $metric);
            $vb = bench_metric($b[$subject], $metric);
            if ($va === null || $vb === null) {
                continue;
            }
            $change = bench_change($va, $vb);
            $rows[] = ['subject' => $subject, 'metric' => $metric, 'a' => $va, 'b' => $vb,
                'change' => $change, 'threshold' => $threshold, 'verdict' => bench_verdict($change, $threshold)];
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
