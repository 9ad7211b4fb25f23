<?php
/*
 * bench report: "bench merge", many profiles into one. Calls and costs add
 * exactly: merging N copies of a profile gives N times its calls, samples
 * and costs. Written as pprof (what fleet profilers ingest), callgrind,
 * folded stacks or JSON; gzip-compressed when the name ends in .gz.
 */
namespace Bench\Report;

function command_merge(Options $o): int
{
    [$format, $gzip] = merge_format($o->out);
    $m = new Model(1, in_array($format, ['pprof', 'folded'], true));
    // pprof's samples keep each request's labels, as pprof's own merge does: a tree per label set.
    $m->byLabels = $format === 'pprof';
    load_set($o->files, $o, $m);
    $by = chosen_counter($m, $o->by);
    $v = in_array($format, ['callgrind', 'json'], true) ? Views::of($m) : null;
    merge_ints($m, $v);
    $budget = intdiv($o->maxMemory, MERGE_STACKS_SHARE);
    $data = match ($format) {
        'pprof' => write_pprof($m, $by, $budget),
        'callgrind' => write_callgrind($m, $v),
        'folded' => write_folded($m, $by, $budget),
        'json' => write_json($m, $v),
    };
    write_output($o->out, $gzip ? gzencode($data, 6) : $data);
    say($o, sprintf('merged %s into %s', plural($m->profiles(), 'profile'), $o->out));
    return 0;
}

/**
 * A ReadError where a sum passed int64: PHP makes it a float, which no
 * format takes as a count. Every format bench writes holds int64 values.
 */
function merge_ints(Model $m, ?Views $v): void
{
    $check = function (mixed $x): void {
        if (is_float($x)) {
            throw new ReadError('a merged count or cost passes 9,223,372,036,854,775,807, the largest 64-bit integer: merge fewer profiles');
        }
    };
    $all = [$m->calls, $m->own, $m->gCalls, $m->gOwn, $m->gIncl, $m->gEdges];
    if ($v !== null) {
        array_push($all, $v->calls, $v->own, $v->incl, $v->edges, $v->total);
    }
    foreach ($all as $values) {
        array_walk_recursive($values, $check);
    }
}

/**
 * pprof and folded stacks spell out every node's whole stack, so their size
 * grows with the square of a deep tree's depth (a chain of 100,000 calls
 * makes 5 billion frames): the stacks they hold may take this share of
 * --max-memory at most, and past it the merge is refused before it starts.
 */
const MERGE_STACKS_SHARE = 16;

/**
 * A ReadError where writing every node's stack takes more than $budget bytes:
 * $frameBytes per function, plus $joint per frame below the first.
 */
function merge_stacks_fit(Model $m, array $frameBytes, int $joint, int $budget, string $format): void
{
    $bytes = $depth = [];
    $total = 0;
    foreach ($m->parent as $n => $parent) {
        $bytes[$n] = ($frameBytes[$m->func[$n]] ?? 0) + ($parent >= 0 ? $bytes[$parent] + $joint : 0);
        $depth[$n] = $parent >= 0 ? $depth[$parent] + 1 : 1;
        $total += $bytes[$n];
        if ($total > $budget) {
            throw new ReadError(sprintf('%s writes each call\'s whole stack: this tree\'s stacks (%s calls deep at node %s) take more '
                . 'than %s MiB, a sixteenth of --max-memory: merge to .callgrind or .json, which hold each call once, or raise --max-memory',
                $format, number_format(max($depth)), number_format($n + 1), number_format($budget >> 20)));
        }
    }
}

/** The format and compression of an output, from its name. */
function merge_format(string $out): array
{
    $gzip = str_ends_with($out, '.gz');
    $name = $gzip ? substr($out, 0, -3) : $out;
    foreach (['.pb' => 'pprof', '.pprof' => 'pprof', '.callgrind' => 'callgrind', '.folded' => 'folded', '.json' => 'json'] as $ext => $format) {
        if (str_ends_with($name, $ext) || ($ext === '.callgrind' && str_starts_with(basename($name), 'callgrind.out'))) {
            return [$format, $gzip];
        }
    }
    throw new UsageError("-o $out: the name says no format (.pb.gz, .pb, .callgrind, .folded or .json, and .gz)");
}

/** A line that says what was merged, for the formats that carry one. */
function merge_description(Model $m): string
{
    $r = $m->requests[0];
    $modes = [];
    foreach ($m->modes[0] as $mode => $n) {
        $modes[] = number_format($n) . " $mode mode";
    }
    return sprintf('bench merge of %s (%s), %s to %s UTC', plural($m->profiles(), 'profile'), implode(', ', $modes),
        gmdate('Y-m-d H:i:s', intdiv((int) $r->first, 1_000_000_000)), gmdate('Y-m-d H:i:s', intdiv((int) $r->last, 1_000_000_000)));
}

// ---- pprof ---------------------------------------------------------------------------------

/** pprof's type and unit of a counter (the reverse of counter_name()). */
function pprof_type(string $name, string $unit): array
{
    return [COUNTERS[$name]['pprof'] ?? $name, ['ns' => 'nanoseconds', 'bytes' => 'bytes'][$unit] ?? 'count'];
}

/**
 * A perftools.profiles.Profile: a sample per node with calls or costs (its
 * stack from the leaf up, its calls and own costs), a location and a
 * function per function (both numbered from 1).
 */
function write_pprof(Model $m, int $by, int $budget): string
{
    merge_stacks_fit($m, array_map(fn($f) => strlen(pb_put_varint($f + 1)), array_keys($m->funcName)), 0, $budget, 'pprof');
    $strings = ['' => 0];
    $s = function (string $text) use (&$strings): int {
        return $strings[$text] ??= count($strings);
    };
    $out = pprof_value_type($s($m->sampled() ? 'samples' : 'calls'), $s('count'));
    $counters = array_keys($m->counterName);
    $defaultType = 0;
    foreach ($counters as $c) {
        [$type, $unit] = pprof_type($m->counterName[$c], $m->counterUnit[$c]);
        $out .= pprof_value_type($s($type), $s($unit));
        if ($c === $by) {
            $defaultType = $s($type);
            if ($m->sampled() && $m->interval) {
                $out .= pb_put_bytes(PPROF_PERIOD_TYPE, pb_put_int(1, $s($type)) . pb_put_int(2, $s($unit))) . pb_put_int(PPROF_PERIOD, $m->interval);
            }
        }
    }
    $out .= pb_put_int(PPROF_DEFAULT_SAMPLE_TYPE, $defaultType);
    $labels = array_map(fn(array $set) => pprof_labels_out($set, $s), $m->labelSets);
    $out .= pprof_samples_out($m, $counters, $labels);
    // The one mapping every location points to: functions, files and lines are given, so pprof symbolizes nothing
    // and has a main binary to name.
    $out .= pb_put_bytes(PPROF_MAPPING, pb_put_int(1, 1) . pb_put_int(5, $s('php')) . pb_put_int(7, 1) . pb_put_int(8, 1) . pb_put_int(9, 1));
    foreach ($m->funcName as $f => $name) {
        $out .= pb_put_bytes(PPROF_LOCATION, pb_put_int(1, $f + 1) . pb_put_int(2, 1) . pb_put_bytes(4, pb_put_int(1, $f + 1) . pb_put_int(2, $m->funcLine[$f])));
        $out .= pb_put_bytes(PPROF_FUNCTION, pb_put_int(1, $f + 1) . pb_put_int(2, $s($name)) . pb_put_int(3, $s($name))
            . pb_put_int(4, $s($m->funcFile[$f])) . pb_put_int(5, $m->funcLine[$f]));
    }
    $r = $m->requests[0];
    $out .= pb_put_int(PPROF_TIME_NANOS, (int) $r->first) . pb_put_int(PPROF_DURATION_NANOS, (int) $r->last - (int) $r->first);
    $out .= pb_put_int(PPROF_COMMENT, $s(merge_description($m)));
    foreach (array_keys($strings) as $text) {
        $out .= pb_put_bytes(PPROF_STRING_TABLE, (string) $text);
    }
    return $out;
}

function pprof_value_type(int $type, int $unit): string
{
    return pb_put_bytes(PPROF_SAMPLE_TYPE, pb_put_int(1, $type) . pb_put_int(2, $unit));
}

/** A label set's Label messages (string or number), each a sample's field 3. */
function pprof_labels_out(array $labels, callable $s): string
{
    $out = '';
    foreach ($labels as $key => $value) {
        $out .= pb_put_bytes(3, pb_put_int(1, $s((string) $key)) . (is_int($value) ? pb_put_int(3, $value) : pb_put_int(2, $s($value))));
    }
    return $out;
}

/** A sample per node with calls or costs; a node under a label set's pseudo node carries that set's labels. */
function pprof_samples_out(Model $m, array $counters, array $labels): string
{
    $out = '';
    $stacks = $labelOf = [];
    $calls = $m->calls[0];
    $own = $m->own[0];
    foreach ($m->parent as $n => $parent) {
        if ($m->func[$n] < 0) {
            $stacks[$n] = '';
            $labelOf[$n] = $labels[-1 - $m->func[$n]];
            continue;
        }
        $labelOf[$n] = $parent >= 0 ? $labelOf[$parent] : '';
        // A node's stack, leaf first: its location, then its parent's stack (parents come first).
        $stacks[$n] = pb_put_varint($m->func[$n] + 1) . ($parent >= 0 ? $stacks[$parent] : '');
        $values = [$calls[$n] ?? 0];
        $any = $values[0] !== 0;
        foreach ($counters as $c) {
            $values[] = $v = $own[$c][$n] ?? 0;
            $any = $any || $v !== 0;
        }
        if ($any) {
            $out .= pb_put_bytes(PPROF_SAMPLE, pb_put_bytes(1, $stacks[$n]) . pb_put_packed(2, $values) . $labelOf[$n]);
        }
    }
    return $out;
}

// ---- callgrind -----------------------------------------------------------------------------

/**
 * The callgrind format: per function its own costs, per call the calls and
 * their inclusive costs. A call never counted is written as 1:
 * callgrind_annotate reads the cost after "calls=0" as the caller's own.
 * Sampled profiles keep their samples in a last event, as bench writes them.
 */
function write_callgrind(Model $m, Views $v): string
{
    $counters = array_keys($m->counterName);
    $sampled = $m->sampled(0);
    $samples = $sampled ? (int) round(array_sum($v->calls)) : 0;
    $out = "# callgrind format\nversion: 1\ncreator: bench merge\ncmd: " . merge_description($m) . "\n"
        . ($sampled ? sprintf("desc: Sampled: %d samples every %d us\n", $samples, intdiv((int) $m->interval, 1000)) : '')
        . "positions: line\nevents: " . implode(' ', $m->counterName) . ($sampled ? ' samples' : '')
        . "\nsummary: " . implode(' ', array_map(fn($c) => $v->total[$c], $counters)) . ($sampled ? " $samples" : '') . "\n\n";
    $byCaller = [];
    foreach ($v->edges as $edge) {
        $byCaller[$edge[0]][] = $edge;
    }
    $named = [];
    $name = function (string $key, int $id, string $text) use (&$named): string {
        $first = !isset($named[$key[0] === 'c' ? substr($key, 1) : $key][$id]);
        $named[$key[0] === 'c' ? substr($key, 1) : $key][$id] = true;
        return sprintf("%s=(%d)%s\n", $key, $id + 1, $first ? ' ' . strtr($text, "\n", ' ') : '');
    };
    $files = [];
    foreach ($m->funcName as $f => $text) {
        $line = $m->funcLine[$f];
        $out .= $name('fl', $files[$m->funcFile[$f] ?: 'php:internal'] ??= count($files), $m->funcFile[$f] ?: 'php:internal');
        $out .= $name('fn', $f, $text);
        $out .= $line . ' ' . implode(' ', array_map(fn($c) => $v->own[$c][$f] ?? 0, $counters))
            . ($sampled ? ' ' . (int) round($v->calls[$f] ?? 0) : '') . "\n";
        foreach ($byCaller[$f] ?? [] as [, $callee, $calls, $incl]) {
            $out .= $name('cfl', $files[$m->funcFile[$callee] ?: 'php:internal'] ??= count($files), $m->funcFile[$callee] ?: 'php:internal');
            $out .= $name('cfn', $callee, $m->funcName[$callee]);
            $out .= sprintf("calls=%d %d\n", max(1, $calls), $m->funcLine[$callee]);
            $out .= $line . ' ' . implode(' ', array_map(fn($c) => $incl[$c] ?? 0, $counters)) . ($sampled ? ' ' . (int) round($calls) : '') . "\n";
        }
        $out .= "\n";
    }
    return $out . 'totals: ' . implode(' ', array_map(fn($c) => $v->total[$c], $counters)) . ($sampled ? " $samples" : '') . "\n";
}

// ---- folded and JSON ---------------------------------------------------------------------------

/**
 * Folded stacks of one counter: a line per node with an own cost. A frame's
 * ';' is written ':', and a space before a number that ends a name '_' (as
 * bench writes them: flame graph tools would read "name 2 300" as two values).
 */
function write_folded(Model $m, int $by, int $budget): string
{
    $frames = array_map(fn($name) => preg_replace('/ (?=[\d.]+$)/', '_', strtr($name, ';', ':')), $m->funcName);
    merge_stacks_fit($m, array_map('strlen', $frames), 1, $budget, 'folded');
    $paths = [];
    $values = $by < 0 ? $m->calls[0] : ($m->own[0][$by] ?? []);
    $out = '';
    foreach ($m->parent as $n => $parent) {
        $paths[$n] = ($parent >= 0 ? $paths[$parent] . ';' : '') . $frames[$m->func[$n]];
        $value = $values[$n] ?? 0;
        if ($value > 0) {
            $out .= $paths[$n] . ' ' . $value . "\n";
        }
    }
    return $out;
}

/** bench's JSON, format_version 1: functions, edges and, where every profile had paths, the tree. */
function write_json(Model $m, Views $v): string
{
    $counters = array_keys($m->counterName);
    $costs = function (array $perCounter, int $i) use ($m, $counters): array {
        $out = [];
        foreach ($counters as $c) {
            $out[$m->counterName[$c]] = $perCounter[$c][$i] ?? 0;
        }
        return $out;
    };
    $json = ['bench' => 'merge', 'format_version' => 1, 'command' => merge_description($m),
        'mode' => count($m->modes[0]) === 1 ? array_key_first($m->modes[0]) : 'mixed', 'profiles' => $m->profiles(),
        'counters' => $m->counterName, 'totals' => array_combine($m->counterName, array_map(fn($c) => $v->total[$c], $counters)),
        'functions' => [], 'edges' => []];
    foreach ($m->funcName as $f => $name) {
        $json['functions'][] = ['name' => $name, 'file' => $m->funcFile[$f], 'line' => $m->funcLine[$f], 'calls' => $v->calls[$f] ?? 0,
            'own' => $costs($v->own, $f), 'inclusive' => $costs($v->incl, $f)];
    }
    foreach ($v->edges as [$caller, $callee, $calls, $incl]) {
        $json['edges'][] = ['caller' => $m->funcName[$caller], 'callee' => $m->funcName[$callee], 'calls' => $calls,
            'inclusive' => array_combine($m->counterName, array_map(fn($c) => $incl[$c] ?? 0, $counters))];
    }
    if (!$m->graphProfiles[0]) {
        foreach ($m->parent as $n => $parent) {
            $json['tree'][] = ['parent' => $parent, 'function' => $m->func[$n], 'calls' => $m->calls[0][$n] ?? 0, 'own' => $costs($m->own[0], $n)];
        }
    }
    return json_encode($json, JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE | JSON_THROW_ON_ERROR) . "\n";
}
