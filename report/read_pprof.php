<?php
/*
 * bench report: pprof (perftools.profiles.Profile, github.com/google/pprof
 * proto/profile.proto), bench's and other tools'. Samples are call stacks,
 * leaf first: they become call paths.
 */
namespace Bench\Report;

/** profile.proto's field numbers. */
const PPROF_SAMPLE_TYPE = 1, PPROF_SAMPLE = 2, PPROF_LOCATION = 4, PPROF_FUNCTION = 5, PPROF_STRING_TABLE = 6,
    PPROF_TIME_NANOS = 9, PPROF_DURATION_NANOS = 10, PPROF_PERIOD_TYPE = 11, PPROF_PERIOD = 12, PPROF_COMMENT = 13,
    PPROF_DEFAULT_SAMPLE_TYPE = 14;

function read_pprof(string $data, string $file): Profile
{
    try {
        return pprof_profile($data, $file);
    } catch (ReadError $e) {
        throw new ReadError('not a valid pprof profile: ' . $e->getMessage());
    }
}

function pprof_profile(string $data, string $file): Profile
{
    $top = ['types' => [], 'samples' => [], 'locations' => [], 'functions' => [], 'strings' => [], 'comments' => [],
        'time' => 0, 'duration' => 0, 'period' => 0];
    // The messages are decoded once every string is known: the table may come last (bench writes it last).
    foreach (pb_fields($data, 0, strlen($data)) as $field) {
        match ($field[0]) {
            PPROF_SAMPLE_TYPE => $top['types'][] = pb_span($field, 'Profile'),
            PPROF_SAMPLE => $top['samples'][] = pb_span($field, 'Profile'),
            PPROF_LOCATION => $top['locations'][] = pb_span($field, 'Profile'),
            PPROF_FUNCTION => $top['functions'][] = pb_span($field, 'Profile'),
            PPROF_STRING_TABLE => $top['strings'][] = substr($data, pb_span($field, 'Profile')[0], $field[1][1] - $field[1][0]),
            PPROF_COMMENT => pb_repeated($data, $field, $top['comments']),
            PPROF_TIME_NANOS => $top['time'] = pb_int($field, 'Profile'),
            PPROF_DURATION_NANOS => $top['duration'] = pb_int($field, 'Profile'),
            PPROF_PERIOD => $top['period'] = pb_int($field, 'Profile'),
            default => null,
        };
    }
    $strings = $top['strings'];
    if (!$strings || $strings[0] !== '') {
        throw new ReadError('its string table does not start with ""');
    }
    if (!$top['types']) {
        throw new ReadError('no sample types');
    }
    $p = new Profile($file, 'pprof');
    $callsAt = pprof_value_types($data, $p, $top['types'], $strings);
    $functions = pprof_functions($data, $top['functions'], $strings);
    $locations = pprof_locations($data, $top['locations'], $functions);
    $labels = pprof_samples($data, $p, $top['samples'], $locations, $callsAt, $strings);
    pprof_meta($p, $top, $labels, $strings);
    return $p;
}

/** The string at $index of the table, or a ReadError. */
function pprof_string(array $strings, int $index, string $what): string
{
    if (!isset($strings[$index])) {
        throw new ReadError("$what names string $index, past the string table's " . count($strings));
    }
    return $strings[$index];
}

/**
 * The profile's counters from its sample types. "calls" (bench's profile
 * mode) and "samples" (sample mode, and other tools') are the calls: returns
 * their index among the values, or -1.
 */
function pprof_value_types(string $data, Profile $p, array $types, array $strings): int
{
    $callsAt = -1;
    foreach ($types as $i => [$at, $end]) {
        $f = pb_varints($data, $at, $end, 'ValueType');
        $type = pprof_string($strings, $f[1] ?? 0, 'a sample type');
        $unit = pprof_string($strings, $f[2] ?? 0, 'a sample type');
        if ($callsAt < 0 && ($type === 'calls' || $type === 'samples')) {
            $callsAt = $i;
            $p->meta['mode'] = $type === 'samples' ? 'sample' : 'profile';
            continue;
        }
        [$name, $unit] = counter_name($type, $unit);
        if (in_array($name, $p->counters, true)) {
            throw new ReadError("sample type $type comes twice");
        }
        $p->counters[] = $name;
        $p->units[$name] = $unit;
    }
    return $callsAt;
}

/** function id => [name, file, line] */
function pprof_functions(string $data, array $spans, array $strings): array
{
    $functions = [];
    foreach ($spans as [$at, $end]) {
        $f = pb_varints($data, $at, $end, 'Function');
        $id = $f[1] ?? 0;
        $name = pprof_string($strings, $f[2] ?? 0, 'a function');
        $functions[$id] = [$name === '' ? "function $id" : $name, pprof_string($strings, $f[4] ?? 0, 'a function'), $f[5] ?? 0];
    }
    return $functions;
}

/** location id => its functions [name, file, line, the location's line], innermost first (a location holds a call and the calls inlined into it). */
function pprof_locations(string $data, array $spans, array $functions): array
{
    $locations = [];
    foreach ($spans as [$at, $end]) {
        $id = $address = 0;
        $frames = [];
        foreach (pb_fields($data, $at, $end) as $f) {
            if ($f[0] === 1) {
                $id = pb_int($f, 'Location');
            } elseif ($f[0] === 3) {
                $address = pb_int($f, 'Location');
            } elseif ($f[0] === 4) {
                [$lat, $lend] = pb_span($f, 'Location');
                $line = pb_varints($data, $lat, $lend, 'Line');
                $fid = $line[1] ?? 0;
                if (!isset($functions[$fid])) {
                    throw new ReadError("location $id names function $fid, which the profile does not have");
                }
                $frames[] = [...$functions[$fid], $line[2] ?? 0];
            }
        }
        $locations[$id] = $frames ?: [[sprintf('0x%x', $address), '', 0, 0]];
    }
    return $locations;
}

/**
 * Samples into call paths. Returns the string labels of the first sample
 * that has any (the request's, where bench writes them).
 */
function pprof_samples(string $data, Profile $p, array $spans, array $locations, int $callsAt, array $strings): array
{
    $p->startPaths();
    $funcIndex = $children = $labels = [];
    $width = count($p->counters) + ($callsAt >= 0 ? 1 : 0);
    $locationFuncs = $locationLines = [];
    foreach ($spans as [$at, $end]) {
        $stack = $values = $sampleLabels = [];
        foreach (pb_fields($data, $at, $end) as $f) {
            if ($f[0] === 1) {
                pb_repeated($data, $f, $stack);
            } elseif ($f[0] === 2) {
                pb_repeated($data, $f, $values);
            } elseif ($f[0] === 3 && !$labels) {
                pprof_label($data, pb_span($f, 'Sample'), $strings, $sampleLabels);
            }
        }
        if (count($values) !== $width) {
            throw new ReadError(sprintf('a sample has %d values for %d sample types', count($values), $width));
        }
        $labels = $labels ?: $sampleLabels;
        $node = -1;
        for ($i = count($stack) - 1; $i >= 0; $i--) {
            $id = $stack[$i];
            if (!isset($locationFuncs[$id])) {
                if (!isset($locations[$id])) {
                    throw new ReadError("a sample names location $id, which the profile does not have");
                }
                $locationFuncs[$id] = $locationLines[$id] = [];
                foreach (array_reverse($locations[$id]) as [$name, $file, $line, $at]) {
                    $locationFuncs[$id][] = $p->funcIndex($funcIndex, $name, $file, $line);
                    $locationLines[$id][] = $at;
                }
            }
            foreach ($locationFuncs[$id] as $func) {
                // Profile::node(), its lookup inlined: this runs for every frame of every sample.
                $node = $children[($node + 1) * Model::FUNC_SPACE + $func] ?? $p->node($children, $node, $func);
            }
        }
        if ($node < 0) {
            throw new ReadError('a sample has no location');
        }
        $calls = $callsAt >= 0 ? $values[$callsAt] : 0;
        if ($callsAt >= 0) {
            array_splice($values, $callsAt, 1);
        }
        $p->addTo($node, $calls, $values);
        if (Profile::$keepLines) {
            pprof_lines($p, $stack, $locationFuncs, $locationLines, $calls, $values);
        }
    }
    return $labels;
}

/** A sample's lines: its cost at the leaf's line, and once at each line of the stack where a call was made. */
function pprof_lines(Profile $p, array $stack, array $funcs, array $lines, int $calls, array $values): void
{
    $seen = [];
    $leaf = true;
    foreach ($stack as $id) {
        for ($k = count($funcs[$id]) - 1; $k >= 0; $k--, $leaf = false) {
            $line = $lines[$id][$k];
            $key = $funcs[$id][$k] * Model::FUNC_SPACE + $line;
            if ($line > 0 && ($leaf || !isset($seen[$key]))) {
                $seen[$key] = !$leaf;
                $p->addLine(!$leaf, $funcs[$id][$k], $line, $calls, $values);
            }
        }
    }
}

/** A sample's label: a string label as text, a number as a number. */
function pprof_label(string $data, array $span, array $strings, array &$labels): void
{
    $f = pb_varints($data, $span[0], $span[1], 'Label');
    $key = pprof_string($strings, $f[1] ?? 0, 'a label');
    if ($key !== '') {
        $labels[$key] = isset($f[2]) ? pprof_string($strings, $f[2], 'a label') : $f[3] ?? 0;
    }
}

/** What the request's labels or comments may say. */
const PPROF_META_KEYS = ['uri', 'method', 'status', 'script', 'sapi', 'pid', 'duration_ns', 'peak_memory', 'samples'];

/**
 * The request: from the labels where the profile has them, else from
 * bench's comments ("uri=...", "method=GET status=200", "duration_ns=...
 * peak_memory=...", "samples=...", "bench 1.0, PHP 8.2.1, pid 12").
 */
function pprof_meta(Profile $p, array $top, array $labels, array $strings): void
{
    $meta = [];
    foreach ($top['comments'] as $index) {
        $comment = pprof_string($strings, $index, 'a comment');
        if (str_starts_with($comment, 'uri=')) {
            $meta['uri'] = substr($comment, 4);
        } elseif (preg_match('/^bench (\S+), PHP (\S+), pid (\d+)$/', $comment, $m)) {
            [, $meta['bench'], $meta['php'], $meta['pid']] = $m;
        } elseif (preg_match_all('/(?:^| )(\w+)=(\S*)/', $comment, $m, PREG_SET_ORDER)) {
            foreach ($m as [, $k, $v]) {
                if (in_array($k, PPROF_META_KEYS, true)) {
                    $meta[$k] = $v;
                }
            }
        }
    }
    foreach (PPROF_META_KEYS as $key) {
        if (isset($labels[$key]) && $labels[$key] !== '') {
            $meta[$key] = $labels[$key];
        }
    }
    $meta['uri'] ??= $meta['script'] ?? '';
    $meta['time_ns'] = $top['time'];
    $meta['duration_ns'] ??= $top['duration'];
    foreach (['status', 'pid', 'duration_ns', 'peak_memory', 'samples'] as $key) {
        if (isset($meta[$key])) {
            $meta[$key] = int_of($meta[$key], "the request's $key");
        }
    }
    if (isset($p->meta['mode']) && $p->meta['mode'] === 'sample' && $top['period']) {
        $meta['interval_ns'] = $top['period'];
    }
    $p->meta += $meta;
}
