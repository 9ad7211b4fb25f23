<?php
/*
 * Instructions per owner in results of benchmarks/run --instr (their
 * "instr": per owner, the cold call's and a warm call's own instructions,
 * from bench instr), for noise and compare: the A/A thresholds of the owners
 * and the verdicts, under compare's rule (lib/verdict.php).
 */
require_once __DIR__ . '/verdict.php';

/*
 * The owner metrics that noise and compare judge: a subject's warm
 * instructions per call by owner, and its cold call's.
 */
const BENCH_OWNER_METRICS = ['owner.instructions' => 'warm', 'owner.cold.instructions' => 'cold'];

/**
 * The per-owner values of a result written by benchmarks/run --instr, for a
 * phase, or null when it was run without --instr.
 * @return array<string, int|float>|null
 */
function bench_instr_phase(array $result, string $phase): ?array
{
    $owners = $result['instr'][$phase] ?? null;
    if ($owners === null) {
        return null;
    }
    if (!is_array($owners) || array_filter($owners, fn($v) => !is_int($v) && !is_float($v))) {
        bench_fail("result of {$result['subject']}: instr.$phase is not a map of owners to instructions", 2);
    }
    return $owners;
}

/**
 * The owners of A and B side by side, per subject and phase (an owner
 * missing from one side is 0 there), where both were run with --instr.
 * @return list<array{subject: string, metric: string, owner: string, a: int|float, b: int|float}>
 */
function bench_instr_pairs(array $a, array $b): array
{
    $pairs = [];
    foreach ($a as $subject => $ra) {
        foreach (BENCH_OWNER_METRICS as $metric => $phase) {
            $oa = bench_instr_phase($ra, $phase);
            $ob = isset($b[$subject]) ? bench_instr_phase($b[$subject], $phase) : null;
            if ($oa === null || $ob === null) {
                continue;
            }
            $owners = array_keys($oa + $ob);
            sort($owners);
            foreach ($owners as $owner) {
                $pairs[] = ['subject' => $subject, 'metric' => $metric, 'owner' => (string) $owner,
                    'a' => $oa[$owner] ?? 0, 'b' => $ob[$owner] ?? 0];
            }
        }
    }
    return $pairs;
}

/**
 * The bench.owners setting of runs with --instr, or a failure when A and B
 * disagree (an owner of one is split among others in the other).
 */
function bench_instr_setting(array $a, array $b, string $la, string $lb): ?string
{
    $seen = [];
    foreach ([$la => $a, $lb => $b] as $label => $results) {
        foreach ($results as $r) {
            if (isset($r['instr'])) {
                $seen[(string) ($r['instr']['owners'] ?? '?')][$label] = true;
            }
        }
    }
    if (count($seen) > 1) {
        bench_fail(sprintf('%s and %s were run with different bench.owners under --instr (%s): their owners differ', $la, $lb,
            implode(', ', array_keys($seen))), 2);
    }
    return $seen === [] ? null : (string) array_key_first($seen);
}

/**
 * The A/A noise of the owners, over every (subject, owner) pair of two runs
 * of the same build with --instr: relative max(3 x the largest finite
 * change, the instructions floor), absolute 3 x the largest difference.
 * Not the median, as for a metric: nearly every owner repeats exactly, so
 * the median difference is 0 even where an owner moves by a few
 * instructions; and an owner that is 0 in one run (an infinite change)
 * is bounded by the absolute threshold, not made "never". Empty when the
 * runs were not made with --instr.
 */
function bench_owner_noise(array $a1, array $a2): array
{
    $metrics = [];
    foreach (array_keys(BENCH_OWNER_METRICS) as $metric) {
        $pairs = array_filter(bench_instr_pairs($a1, $a2), fn($p) => $p['metric'] === $metric);
        if ($pairs === []) {
            continue;
        }
        $largest = $difference = 0.0;
        $where = null;
        foreach ($pairs as $p) {
            $difference = max($difference, (float) abs($p['b'] - $p['a']));
            $change = abs(bench_change($p['a'], $p['b']));
            if (is_finite($change) && $change > $largest) {
                $largest = $change;
                $where = "$p[subject] $p[owner]";
            }
        }
        $metrics[$metric] = ['largest_change' => $largest, 'subject' => $where, 'floor' => BENCH_FLOORS['instructions'],
            'relative' => max(3 * $largest, BENCH_FLOORS['instructions']), 'largest_difference' => $difference,
            'median_difference' => (float) bench_median(array_map(fn($p) => abs($p['b'] - $p['a']), $pairs)),
            'absolute' => 3 * $difference];
    }
    return $metrics;
}

/**
 * The owner thresholds of a noise file, or the instructions floor (and no
 * absolute threshold) for a metric it lacks: one made from runs without
 * --instr, or no file. The second value says where each came from.
 * @return array{0: array<string, array{relative: float, absolute: float}>, 1: array<string, string>}
 */
function bench_load_owner_thresholds(?string $path): array
{
    $data = $path === null ? [] : json_decode((string) file_get_contents($path), true);
    $thresholds = $from = [];
    foreach (array_keys(BENCH_OWNER_METRICS) as $metric) {
        $saved = $data['metrics'][$metric] ?? null;
        if (is_array($saved) && array_key_exists('relative', $saved) && array_key_exists('absolute', $saved)) {
            $thresholds[$metric] = ['relative' => $saved['relative'] === null ? INF : (float) $saved['relative'],
                'absolute' => $saved['absolute'] === null ? INF : (float) $saved['absolute']];
            $from[$metric] = $path;
        } else {
            $thresholds[$metric] = ['relative' => BENCH_FLOORS['instructions'], 'absolute' => 0.0];
            $from[$metric] = 'the instructions floor (no A/A of --instr runs in the noise file)';
        }
    }
    return [$thresholds, $from];
}

/** Verdicts per subject, phase and owner, in bench_compare()'s rows with the owner added. */
function bench_compare_owners(array $a, array $b, array $thresholds): array
{
    $rows = [];
    foreach (bench_instr_pairs($a, $b) as $p) {
        ['relative' => $relative, 'absolute' => $absolute] = $thresholds[$p['metric']];
        $rows[] = $p + ['change' => bench_change($p['a'], $p['b']), 'relative' => $relative, 'absolute' => $absolute,
            'verdict' => bench_judge($p['a'], $p['b'], $relative, $absolute)];
    }
    return $rows;
}
