<?php
/*
 * bench report: timelines. A trace file (bench.output_format=trace, the
 * Chrome Trace Event Format) holds a request's calls as they ran; the HTML
 * report draws each as a timeline, in the shape of an icicle graph whose x
 * is time, so that flame.js hovers, zooms into a call and searches it as it
 * does a flame graph. A trace is anyone's input like a profile: its events
 * are counted, checked and bounded before anything is drawn.
 */
namespace Bench\Report;

/** Events a trace may hold (bench writes bench.trace_max_events, 5,000 by default). */
const TIMELINE_MAX_EVENTS = 200_000;
/** Timelines one report holds at most: the longest requests' (each is a graph of its own). */
const TIMELINE_REPORT_MAX = 20;
/** Spans narrower than this (px) are not drawn: their time is in their caller's span. */
const TIMELINE_MIN_WIDTH = 0.3;

/** A request's timeline: its spans, by thread and start, each [name, start ns, duration ns, tid, allocations, bytes, depth]. */
final class Timeline
{
    public string $file = '';
    public array $spans = [];
    /** tid => the thread's name ("request", "fiber 2") */
    public array $threads = [];
    /** otherData as the file gives it: numbers and text only */
    public array $meta = [];
    /** the end of the last span, ns */
    public int $end = 0;

    /** The timelines read so far, where $keep is set (bench html): the TIMELINE_REPORT_MAX longest. */
    public static array $kept = [];
    public static bool $keep = false;

    /** Keeps a timeline (the longest ones) and returns it. */
    public static function keep(self $t): self
    {
        self::$kept[] = $t;
        if (count(self::$kept) > 2 * TIMELINE_REPORT_MAX) {
            usort(self::$kept, fn($a, $b) => $b->end <=> $a->end);
            self::$kept = array_slice(self::$kept, 0, TIMELINE_REPORT_MAX);
        }
        return $t;
    }
}


/** Whether decompressed bytes are a trace: a JSON object whose first key is traceEvents, as bench writes it. */
function is_trace(string $data): bool
{
    return (bool) preg_match('/^\s*\{\s*"traceEvents"/', substr($data, 0, 256));
}

/**
 * A trace as a profile, so that every command reads it: a node per call
 * path of the spans, wall time, allocations and bytes each span's less its
 * callees' (calls shorter than the trace's bench.trace_min_us are in their
 * callers, as they are in its spans). A fiber's spans (a thread of their
 * own) go under the request's first span, whose time holds theirs.
 */
function trace_profile(Timeline $t): Profile
{
    $p = new Profile($t->file, 'trace');
    $m = $t->meta;
    $p->meta = ['mode' => 'profile', 'uri' => (string) ($m['uri'] ?? ($m['script'] ?? '')), 'method' => (string) ($m['method'] ?? ''),
        'status' => (int) ($m['status'] ?? 0), 'time_ns' => (int) ($m['time_ns'] ?? 0), 'duration_ns' => (int) ($m['duration_ns'] ?? $t->end)];
    foreach (['wall_ns' => 'ns', 'allocs' => 'count', 'alloc_bytes' => 'bytes'] as $name => $unit) {
        $p->addCounter($name, $unit);
    }
    // The first span is the request's whole profile ({request}): its costs are the totals.
    $first = $t->spans[0];
    $p->totals = ['wall_ns' => $first[2], 'allocs' => $first[4], 'alloc_bytes' => $first[5]];
    $p->startPaths();
    $funcs = $children = [];
    $root = -1;
    $stack = [];
    $tid = null;
    foreach ($t->spans as [$name, $start, $duration, $spanTid, $allocs, $bytes, $depth]) {
        if ($spanTid !== $tid) {
            [$stack, $tid] = [[], $spanTid];
        }
        // Back to this span's callers (a copy of the stack per span would be quadratic in a deep trace).
        while (count($stack) > $depth) {
            array_pop($stack);
        }
        $parent = $stack ? end($stack) : $root;
        $node = $p->node($children, $parent, $p->funcIndex($funcs, $name));
        $p->addTo($node, 1, [$duration, $allocs, $bytes]);
        if ($parent >= 0) {
            $p->addTo($parent, 0, [-$duration, -$allocs, -$bytes]);
        }
        if ($root < 0) {
            $root = $node;
        }
        $stack[] = $node;
    }
    return $p;
}

/**
 * Sample mode's timeline, from a profile's time samples: a span per run of
 * samples in which a frame stayed on the stack, one sample being the time
 * since the one before (the first, since the request's start). A call
 * shorter than the interval is seen only where a sample fell in it, and two
 * calls of one function in a row with no sample between are one span.
 * Samples at times no request has (a crafted file's) are left out.
 */
function sampled_timeline(Profile $p): Timeline
{
    $t = new Timeline();
    $t->file = $p->file;
    foreach (['uri', 'method', 'script', 'status', 'time_ns', 'duration_ns'] as $key) {
        if (isset($p->meta[$key]) && (is_int($p->meta[$key]) || is_string($p->meta[$key]))) {
            $t->meta[$key] = $p->meta[$key];
        }
    }
    $t->meta['samples'] = count($p->moments);
    $t->meta['interval_ns'] = $p->meta['interval_ns'] ?? 0;
    $moments = array_filter($p->moments, fn($m) => $m[0] >= 0 && $m[0] < 1e15);
    usort($moments, fn($a, $b) => $a[0] <=> $b[0]);
    $paths = $open = [];
    $prev = 0;
    foreach ($moments as [$at, $node]) {
        if (!isset($paths[$node])) {
            $path = [];
            for ($n = $node; $n >= 0 && count($path) <= FLAME_MAX_DEPTH; $n = $p->parent[$n]) {
                $path[] = $p->func[$n];
            }
            $paths[$node] = array_reverse($path);
        }
        $path = $paths[$node];
        // The frames this sample shares with the one before go on; the others end where it begins.
        $same = 0;
        while ($same < count($open) && $same < count($path) && $t->spans[$open[$same]][0] === $p->funcs[$path[$same]][0]) {
            $same++;
        }
        foreach (array_slice($open, $same) as $i) {
            $t->spans[$i][2] = $prev - $t->spans[$i][1];
        }
        array_splice($open, $same);
        for ($d = $same; $d < count($path); $d++) {
            $open[] = count($t->spans);
            $t->spans[] = [$p->funcs[$path[$d]][0], $prev, 0, 0, 0, 0, $d];
        }
        $prev = $at;
    }
    foreach ($open as $i) {
        $t->spans[$i][2] = $prev - $t->spans[$i][1];
    }
    $t->end = $prev;
    return $t;
}

/** Reads a trace (decompressed bytes) into a timeline; a ReadError says why it cannot be. */
function read_trace(string $data, string $file): Timeline
{
    try {
        // Depth 8 is what the format needs (object, events, event, args); a deeper file is not bench's.
        $json = json_decode($data, true, 8, JSON_THROW_ON_ERROR | JSON_INVALID_UTF8_SUBSTITUTE);
    } catch (\JsonException $e) {
        throw new ReadError('not a trace: ' . $e->getMessage());
    }
    if (!is_array($json) || !is_array($json['traceEvents'] ?? null) || !array_is_list($json['traceEvents'])) {
        throw new ReadError('not a trace: no list of traceEvents');
    }
    if (count($json['traceEvents']) > TIMELINE_MAX_EVENTS) {
        throw new ReadError(sprintf('%s events, more than a timeline draws (%s)', number_format(count($json['traceEvents'])), number_format(TIMELINE_MAX_EVENTS)));
    }
    $t = new Timeline();
    $t->file = $file;
    foreach (is_array($json['otherData'] ?? null) ? $json['otherData'] : [] as $key => $value) {
        if (is_string($key) && (is_int($value) || is_string($value))) {
            $t->meta[$key] = $value;
        }
    }
    $number = fn(mixed $v) => (is_int($v) || is_float($v)) && is_finite((float) $v) && $v >= 0 && $v < 1e15;
    foreach ($json['traceEvents'] as $e) {
        $tid = $e['tid'] ?? null;
        if (!is_array($e) || !is_int($tid) || $tid < 0 || $tid > PHP_INT_MAX >> 1) {
            continue;
        }
        $args = is_array($e['args'] ?? null) ? $e['args'] : [];
        if (($e['ph'] ?? '') === 'M' && ($e['name'] ?? '') === 'thread_name' && is_string($args['name'] ?? null)) {
            $t->threads[$tid] = $args['name'];
        } elseif (($e['ph'] ?? '') === 'X' && is_string($e['name'] ?? null) && $number($e['ts'] ?? null) && $number($e['dur'] ?? null)) {
            $start = (int) round($e['ts'] * 1000);
            $t->spans[] = [$e['name'], $start, (int) round($e['dur'] * 1000), $tid,
                is_int($args['allocations'] ?? null) ? $args['allocations'] : 0, is_int($args['bytes'] ?? null) ? $args['bytes'] : 0, 0];
        }
    }
    if (!$t->spans) {
        throw new ReadError('a trace with no call in it');
    }
    timeline_depths($t);
    return $t;
}

/**
 * Orders the spans by thread and start (a caller before the callees that it
 * contains) and gives each its depth: how many spans of its thread contain it.
 */
function timeline_depths(Timeline $t): void
{
    usort($t->spans, fn($a, $b) => [$a[3], $a[1], -$a[2]] <=> [$b[3], $b[1], -$b[2]]);
    $ends = [];
    $tid = null;
    foreach ($t->spans as &$s) {
        if ($s[3] !== $tid) {
            [$ends, $tid] = [[], $s[3]];
        }
        // The spans that end before this one starts are not its callers.
        while ($ends && end($ends) <= $s[1]) {
            array_pop($ends);
        }
        $s[6] = count($ends);
        $ends[] = $s[1] + $s[2];
        $t->end = max($t->end, $s[1] + $s[2]);
    }
    unset($s);
}

/**
 * A timeline as an <svg> for the HTML report: each thread a band of rows
 * (one per depth), x the time from the request's start, in the shape
 * flame.js reads (an icicle graph), so hover, zoom and search work.
 */
function timeline_svg(Timeline $t, string $id, float $width): string
{
    $bands = [];
    foreach ($t->spans as $s) {
        $bands[$s[3]] = max($bands[$s[3]] ?? 0, min($s[6], FLAME_MAX_DEPTH) + 1);
    }
    $offset = [];
    $rows = 0;
    foreach ($bands as $tid => $depth) {
        $offset[$tid] = $rows;
        $rows += $depth;
    }
    $scale = $t->end > 0 ? $width / $t->end : 0;
    $meta = $t->meta;
    $sampled = isset($meta['samples']);
    $note = sprintf('%s: %s', human($t->end, 'ns'), $sampled
        ? sprintf('%s, one every %s: a bar is a frame on the stack from one sample to the next', plural((int) $meta['samples'], 'time sample'), human((int) $meta['interval_ns'], 'ns'))
        : plural(count($t->spans), 'call'))
        . (isset($meta['folded']) ? sprintf('; %s shorter than %s us inside their callers', number_format((int) $meta['folded']), $meta['trace_min_us'] ?? '?') : '')
        . (!empty($meta['dropped']) ? sprintf('; %s more not kept (bench.trace_max_events)', number_format((int) $meta['dropped'])) : '')
        . (count($bands) > 1 ? '; threads top to bottom: ' . implode(', ', array_map(fn($tid) => $t->threads[$tid] ?? "thread $tid", array_keys($bands))) : '');
    $lines = flame_note_lines($note, $width);
    $top = FLAME_TOP + FLAME_NOTE_LINE * (count($lines) - 1);
    $height = $top + FLAME_BOTTOM + FLAME_FRAME_HEIGHT * max(1, $rows);
    $out = sprintf('<svg xmlns="http://www.w3.org/2000/svg" version="1.1" id="%s" class="bench-flame" width="%d" height="%d" viewBox="0 0 %d %d" '
        . 'data-unit="ns" data-total="%d" data-icicle="1" data-top="%d" data-bottom="%d" data-frame="%d">' . "\n",
        esc($id), $width, $height, $width, $height, $t->end, $top, $height - FLAME_BOTTOM, FLAME_FRAME_HEIGHT);
    $out .= '<rect class="background" width="100%" height="100%"/>' . "\n" . '<text class="button reset" x="10" y="22">Reset zoom</text>' . "\n";
    foreach ($lines as $i => $line) {
        $out .= sprintf('<text class="note" x="%d" y="%d">%s</text>', $width / 2, 40 + FLAME_NOTE_LINE * $i, esc($line)) . "\n";
    }
    $out .= sprintf('<text class="matched" x="%d" y="%d"> </text>', $width - 10, $top - 3) . "\n<g class=\"frames\">\n";
    foreach ($t->spans as [$name, $start, $duration, $tid, $allocs, $bytes, $depth]) {
        $w = $duration * $scale;
        if ($w < TIMELINE_MIN_WIDTH || $depth >= FLAME_MAX_DEPTH) {
            continue;
        }
        $kind = kind_of($name, '');
        $y = $top + ($offset[$tid] + $depth) * FLAME_FRAME_HEIGHT;
        $title = $sampled ? sprintf("%s\nat %s, on the stack for %s (sampled)", $name, human($start, 'ns'), human_exact($duration, 'ns'))
            : sprintf("%s\nat %s, took %s\n%s allocations, %s", $name, human($start, 'ns'), human_exact($duration, 'ns'),
            number_format($allocs), human($bytes, 'bytes'));
        $out .= sprintf('<g class="f %s" data-v="%d"><title>%s</title><rect x="%.2f" y="%d" width="%.2f" height="%d" fill="%s"/>'
            . '<text x="%.2f" y="%d">%s</text></g>' . "\n", $kind, $duration, esc($title), $start * $scale, $y, $w,
            FLAME_FRAME_HEIGHT - 1, flame_colour($kind, $name), $start * $scale + 3, $y + FLAME_FRAME_HEIGHT - 4, esc(flame_label($name, $w)));
    }
    return $out . "</g>\n" . sprintf('<text class="details" x="10" y="%d"> </text>', $height - 10) . "\n</svg>\n";
}

/** The report's timelines section: the longest requests' timelines first, a select to choose one. */
function html_timelines(array $timelines): string
{
    if (!$timelines) {
        return '';
    }
    usort($timelines, fn($a, $b) => $b->end <=> $a->end);
    $options = $graphs = '';
    foreach (array_slice($timelines, 0, TIMELINE_REPORT_MAX) as $i => $t) {
        $label = trim(($t->meta['method'] ?? '') . ' ' . ($t->meta['uri'] ?? '' ?: ($t->meta['script'] ?? ''))) . ', ' . human($t->end, 'ns') . ' (' . basename($t->file) . ')';
        $options .= sprintf('<option value="timeline-%d"%s>%s</option>', $i, $i ? '' : ' selected', esc($label));
        $graphs .= sprintf('<div class="timeline%s" data-id="timeline-%d" data-file="%s">%s</div>', $i ? ' hidden' : '', $i, esc(basename($t->file)),
            timeline_svg($t, "timeline-svg-$i", 1200));
    }
    $more = count($timelines) > TIMELINE_REPORT_MAX ? sprintf(' The %d longest of %s.', TIMELINE_REPORT_MAX, number_format(count($timelines))) : '';
    return '<section id="timelines"><h2>Timeline</h2><p class="hint">Each request\'s calls as they ran (bench.output_format=trace, or the time samples of sample mode\'s JSON and pprof files): '
        . 'a click zooms into a call, Escape resets; the search box finds calls here too.' . esc($more) . '</p>'
        . '<div class="controls"><label>Request <select id="timeline">' . $options . '</select></label></div>' . $graphs . "</section>\n";
}
