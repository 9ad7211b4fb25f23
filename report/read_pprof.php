<?php
/*
 * bench report: pprof (perftools.profiles.Profile, github.com/google/pprof
 * proto/profile.proto), bench's and other tools'. Samples are call stacks,
 * leaf first: they become call paths.
 */
namespace Bench\Report;

/** profile.proto's field numbers. */
const PPROF_SAMPLE_TYPE = 1, PPROF_SAMPLE = 2, PPROF_MAPPING = 3, PPROF_LOCATION = 4, PPROF_FUNCTION = 5, PPROF_STRING_TABLE = 6,
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
    $top = pprof_top($data);
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
    // A sample's time (a label of its own) is not the request's: it goes on the timeline, from the profile's start.
    unset($labels[PPROF_TIMESTAMP]);
    foreach ($p->moments as &$moment) {
        $moment[0] -= $top['time'];
    }
    unset($moment);
    pprof_meta($p, $top, $labels, $strings);
    pprof_totals($p);
    return $p;
}

/**
 * pprof writes no totals: the request's are what its samples add up to, as
 * callgrind's "totals:" are what its functions own (bench's overhead is in
 * neither, and has no allocations). The requests and endpoints tables read
 * the allocations from here.
 */
function pprof_totals(Profile $p): void
{
    $sums = [];
    foreach ($p->own as $own) {
        foreach ($own as $k => $v) {
            $sums[$k] = ($sums[$k] ?? 0) + $v;
        }
    }
    foreach ($p->counters as $k => $name) {
        $p->totals[$name] = $sums[$k] ?? 0;
    }
}

/** Fields of the Profile message that it does not read, at most: bench writes a few, a file of millions is made to waste time. */
const PPROF_OTHER_FIELDS = 100_000;
/** Strings of the table at most: a real profile's are its functions' names and files and a few labels (each costs PHP 16 bytes and more where it costs the file 2). */
const PPROF_MAX_STRINGS = 1 << 22;

/**
 * The Profile message's fields, one pass: the spans of its messages (decoded
 * once every string is known: the table may come last, and bench writes it
 * last), its strings and numbers. Spans are [start, end] pairs, no more, so
 * that memory stays a small multiple of the file's size.
 */
function pprof_top(string $data): array
{
    $top = ['types' => [], 'samples' => [], 'locations' => [], 'functions' => [], 'strings' => [], 'comments' => [],
        'time' => 0, 'duration' => 0, 'period' => 0];
    $kinds = [PPROF_SAMPLE_TYPE => 'types', PPROF_SAMPLE => 'samples', PPROF_LOCATION => 'locations', PPROF_FUNCTION => 'functions'];
    $other = $strings = 0;
    // Whole fields of the top message, a slice of it at a time: pb_fields() on all of it would hold millions of pairs at once.
    for ($at = 0, $len = strlen($data), $n = 1; $at < $len; $n++) {
        if (($n & 4095) === 0) {
            memory_guard();
        }
        // One byte, the common case, without a call: the top message has a field for every string, sample and location.
        $key = ord($data[$at]) < 0x80 ? ord($data[$at++]) : pb_varint($data, $at, $len);
        $field = $key >> 3;
        $type = $key & 7;
        if ($type === PB_LEN) {
            $size = $at < $len && ord($data[$at]) < 0x80 ? ord($data[$at++]) : pb_varint($data, $at, $len);
            if ($size < 0 || $size > $len - $at) {
                throw new ReadError(sprintf('field %d at byte %d says %d bytes, past the end of the profile', $field, $at, $size));
            }
            if (isset($kinds[$field])) {
                $top[$kinds[$field]][] = [$at, $at + $size];
            } elseif ($field === PPROF_STRING_TABLE) {
                if (++$strings > PPROF_MAX_STRINGS) {
                    throw new ReadError(sprintf('more than %s strings', number_format(PPROF_MAX_STRINGS)));
                }
                $top['strings'][] = substr($data, $at, $size);
            } elseif ($field === PPROF_COMMENT) {
                pb_repeated($data, [$field, [$at, $at + $size]], $top['comments']);
            } elseif (++$other > PPROF_OTHER_FIELDS) {
                throw new ReadError(sprintf('more than %s fields that it does not use', number_format(PPROF_OTHER_FIELDS)));
            }
            $at += $size;
        } elseif ($type === PB_VARINT) {
            $value = pb_varint($data, $at, $len);
            match ($field) {
                PPROF_TIME_NANOS => $top['time'] = $value,
                PPROF_DURATION_NANOS => $top['duration'] = $value,
                PPROF_PERIOD => $top['period'] = $value,
                PPROF_COMMENT => $top['comments'][] = $value,
                default => ++$other > PPROF_OTHER_FIELDS
                    ? throw new ReadError(sprintf('more than %s fields that it does not use', number_format(PPROF_OTHER_FIELDS))) : null,
            };
        } elseif ($type === PB_FIXED64 || $type === PB_FIXED32) {
            $at += $type === PB_FIXED64 ? 8 : 4;
            if ($at > $len || ++$other > PPROF_OTHER_FIELDS) {
                throw new ReadError($at > $len ? "field $field ends past the profile" : 'too many fields that it does not use');
            }
        } else {
            throw new ReadError(sprintf('wire type %d of field %d at byte %d is not protobuf', $type, $field, $at));
        }
    }
    return $top;
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
        $p->addCounter($name, $unit);
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
                $frames[] = [...$functions[$fid], line_of($line[2] ?? 0, "location $id's line")];
            }
        }
        $locations[$id] = $frames ?: [[sprintf('0x%x', $address), '', 0, 0]];
    }
    return $locations;
}

/** The label of a sample's time, in Unix ns: bench's in sample mode, as continuous profilers write it. */
const PPROF_TIMESTAMP = 'end_timestamp_ns';

/**
 * Samples into call paths. Returns the string labels of the first sample
 * that has any (the request's, where bench writes them). Where timelines
 * are kept, each sample with a time is a moment of the profile, weighed by
 * its first counter in ns.
 */
function pprof_samples(string $data, Profile $p, array $spans, array $locations, int $callsAt, array $strings): array
{
    $p->startPaths();
    $funcIndex = $children = $labels = [];
    $width = count($p->counters) + ($callsAt >= 0 ? 1 : 0);
    $locationFuncs = $locationLines = [];
    $timeAt = Timeline::$keep ? array_search('ns', array_map(fn($c) => $p->units[$c], $p->counters), true) : false;
    foreach ($spans as $i => [$at, $end]) {
        if (($i & 1023) === 1023) {
            memory_guard();
        }
        $stack = $values = $sampleLabels = [];
        foreach (pb_fields($data, $at, $end) as $f) {
            if ($f[0] === 1) {
                pb_repeated($data, $f, $stack);
            } elseif ($f[0] === 2) {
                pb_repeated($data, $f, $values);
            } elseif ($f[0] === 3 && (!$labels || $timeAt !== false)) {
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
                $up = $node + 1;
                $node = $children[$up << 24 | (($func + $up * Model::$mix) & 0xffffff)] ?? $p->node($children, $node, $func);
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
        if ($timeAt !== false && is_int($sampleLabels[PPROF_TIMESTAMP] ?? null) && count($p->moments) < TIMELINE_MAX_EVENTS) {
            $p->moments[] = [$sampleLabels[PPROF_TIMESTAMP], $node, $values[$timeAt]];
        }
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
    $mix = Model::$mix;
    foreach ($stack as $id) {
        for ($k = count($funcs[$id]) - 1; $k >= 0; $k--, $leaf = false) {
            $line = $lines[$id][$k];
            $func = $funcs[$id][$k];
            // Model::pair(), inlined: this runs for every frame of every sample. Lines were checked with their location.
            $key = $func << 24 | (($line + $func * $mix) & 0xffffff);
            if ($line > 0 && ($leaf || !isset($seen[$key]))) {
                $seen[$key] = !$leaf;
                $p->addLine(!$leaf, $func, $line, $calls, $values, true);
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
    $merged = null;
    foreach ($top['comments'] as $index) {
        $comment = pprof_string($strings, $index, 'a comment');
        if (str_starts_with($comment, 'uri=')) {
            $meta['uri'] = substr($comment, 4);
        } elseif (str_starts_with($comment, 'bench merge of ')) {
            $merged = $comment;
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
    // The labels that are not the request's own (alloc_sampled, bench_label()'s): a merge to pprof keeps them.
    $meta['labels'] = profile_labels_of(array_map(fn($v) => (string) $v, array_diff_key($labels, array_flip(PPROF_META_KEYS))));
    $p->meta += $meta;
    if ($merged !== null) {
        profile_merged($p, $merged);
    }
}
