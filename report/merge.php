<?php
/*
 * bench report: "bench merge", many profiles into one. Calls and costs add
 * exactly: merging N copies of a profile gives N times its calls, samples
 * and costs. Written as pprof (what fleet profilers ingest), callgrind,
 * folded stacks or JSON; gzip-compressed when the name ends in .gz. The
 * writers are bench.so's, those that write a request's profile
 * (src/dump/merge.c): each format has one implementation.
 */
namespace Bench\Report;

function command_merge(Options $o): int
{
    [$format, $gzip] = merge_format($o->out);
    $m = new Model(1, in_array($format, ['pprof', 'folded'], true));
    // pprof's samples keep each request's labels, as pprof's own merge does: a tree per label set.
    $m->byLabels = $format === 'pprof';
    load_set($o->files, $o, $m);
    $data = write_profile($m, $format, merge_description($m), chosen_counter($m, $o->by), intdiv($o->maxMemory, MERGE_STACKS_SHARE));
    write_output($o->out, $gzip ? gzencode($data, 6) : $data);
    say($o, sprintf('merged %s into %s', plural($m->profiles(), 'profile'), $o->out));
    return 0;
}

/** What bin/bench says where bench.so, whose views and writers every command reads and writes with, is not loaded. */
const BENCH_SO_NEEDED = 'the report takes its views and writers from the bench extension: load bench.so of this version '
    . '(php -d extension=/path/to/bench.so bin/bench ...), install it in PHP\'s extension_dir, or build it in this checkout (modules/bench.so)';

/**
 * pprof and folded stacks spell out every node's whole stack, so their size
 * grows with the square of a deep tree's depth (a chain of 100,000 calls
 * makes 5 billion frames): they may take this share of --max-memory at
 * most, and past it the merge is refused.
 */
const MERGE_STACKS_SHARE = 16;

/**
 * A model in one of bench's formats ("callgrind", "folded", "json",
 * "pprof"), written by bench.so's writers: the tree (each profile's under a
 * node of its labels where the model keeps them), what profiles with call
 * edges only gave, and $description, what was merged. $by (-1: calls)
 * orders the functions and weighs folded stacks. A ReadError where a sum
 * passes int64, or where pprof or folded output would pass $budget bytes.
 */
function write_profile(Model $m, string $format, string $description, int $by, int $budget): string
{
    $labelSets = [];
    foreach ($m->labelSets as $set) {
        $pairs = [];
        foreach ($set as $key => $value) {
            $pairs[] = [(string) $key, $value];
        }
        $labelSets[] = $pairs;
    }
    $modes = array_keys($m->modes[0]);
    $r = $m->requests[0];
    $profile = model_array($m, 0, array_keys($m->counterName)) + [
        'by' => $by,
        'label_sets' => $labelSets,
        'sampled' => $m->sampled(), 'interval_ns' => (int) $m->interval, 'description' => $description,
        'mode' => count($modes) === 1 ? (string) $modes[0] : 'mixed', 'profiles' => $m->profiles(),
        'time_ns' => (int) $r->first, 'duration_ns' => (int) $r->last - (int) $r->first,
    ];
    $stacks = in_array($format, ['pprof', 'folded'], true);
    try {
        return bench_internal_write_profile($format, $profile, $stacks ? $budget : 0);
    } catch (\Exception $e) {
        throw new ReadError(match ($e->getCode()) {
            1 => sprintf('%s writes each call\'s whole stack: this tree\'s stacks (%s) take more than %s MiB, a sixteenth of --max-memory: '
                . 'merge to .callgrind or .json, which hold each call once, or raise --max-memory', $format, $e->getMessage(), number_format($budget >> 20)),
            2 => 'a merged count or cost passes 9,223,372,036,854,775,807, the largest 64-bit integer: merge fewer profiles',
            default => $e->getMessage(),
        });
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
