<?php
/*
 * bench report: one profile as a reader returns it, before it joins a set.
 */
namespace Bench\Report;

/** A file that cannot be read as a profile: its reason is what the user is told. */
final class ReadError extends \RuntimeException
{
}

/**
 * One request's profile. Either call paths (a tree: node 0 and every node's
 * parent come before it) or, where the format has only call edges
 * (callgrind, JSON before format_version 1), per function costs and edges.
 */
final class Profile
{
    /** uri, method, status, time_ns, duration_ns, peak_memory, pid, mode ('profile' or 'sample'), samples */
    public array $meta = [];
    /** counter names, in the order of every cost list below */
    public array $counters = [];
    /** counter name => unit ('ns', 'bytes' or 'count') */
    public array $units = [];
    /** counter name => the request's total, where the profile says it */
    public array $totals = [];
    /** list of [name, file, line] */
    public array $funcs = [];
    /** whether the format counts calls (or samples): folded stacks do not */
    public bool $countsCalls = true;

    /** call paths: per node its parent (-1 for a root), function, calls and own costs */
    public ?array $parent = null;
    public array $func = [];
    public array $calls = [];
    public array $own = [];

    /** call edges: per function [calls, own costs, inclusive costs] and a list of [caller, callee, calls, inclusive costs] */
    public array $flat = [];
    public array $edges = [];

    /**
     * Lines, kept where $keepLines is set: per function, per line, [calls or
     * samples, costs]: in $lineOwn the function's own cost while it ran that
     * line (sample mode; callgrind's cost lines), in $lineCalls the calls it
     * made at that line and their inclusive cost.
     */
    public array $lineOwn = [];
    public array $lineCalls = [];
    /** sample mode, where timelines are kept: each time sample in the order taken, [ns from the profile's start, node, weight] */
    public array $moments = [];
    /** whether readers keep lines: only the commands that show them pay for them */
    public static bool $keepLines = false;
    /** whose files the source views may read for this profile, and under which directory: [uid, root] (see source_trust()) */
    public ?array $sourceTrust = null;

    public function __construct(public readonly string $file, public readonly string $format)
    {
    }

    public function hasPaths(): bool
    {
        return $this->parent !== null;
    }

    /** The index of a function, added on first sight. */
    public function funcIndex(array &$index, string $name, string $file = '', int $line = 0): int
    {
        $key = "$name\0$file";
        if (!isset($index[$key])) {
            $index[$key] = count($this->funcs);
            $this->addFunc($name, $file, $line);
        }
        return $index[$key];
    }

    /** Adds a function; a ReadError past FUNC_SPACE functions or for a line out of range. */
    public function addFunc(string $name, string $file, int $line): void
    {
        if (count($this->funcs) >= Model::FUNC_SPACE - 1) {
            throw new ReadError(sprintf('more than %s functions', number_format(Model::FUNC_SPACE - 1)));
        }
        $this->funcs[] = [$name, $file, line_of($line, "function " . count($this->funcs) . "'s line")];
    }

    /** Adds a counter; a ReadError past MAX_COUNTERS. */
    public function addCounter(string $name, string $unit): void
    {
        if (count($this->counters) >= MAX_COUNTERS) {
            throw new ReadError(sprintf('more than %d counters (bench writes fewer than 30)', MAX_COUNTERS));
        }
        $this->counters[] = $name;
        $this->units[$name] = $unit;
    }

    /** Starts call paths (a reader that builds them calls node() next). */
    public function startPaths(): void
    {
        $this->parent = [];
    }

    /** The node of $func under $parent (-1: a root), made on first sight; $children maps (parent, func) to nodes. */
    public function node(array &$children, int $parent, int $func): int
    {
        $key = Model::pair($parent + 1, $func);
        if (!isset($children[$key])) {
            $children[$key] = count($this->parent);
            $this->parent[] = $parent;
            $this->func[] = $func;
            $this->calls[] = 0;
            $this->own[] = [];
        }
        return $children[$key];
    }

    /** Adds calls and costs (in counter order) at a function's line: its own ($calls false) or its calls' made there. */
    /** Adds a line's calls or own costs; $checked: the reader has already checked the line (line_of()). */
    public function addLine(bool $calls, int $func, int $line, int|float $n, array $costs, bool $checked = false): void
    {
        $checked || line_of($line, 'a line');
        if ($calls) {
            $at = &$this->lineCalls[$func][$line];
        } else {
            $at = &$this->lineOwn[$func][$line];
        }
        $at ??= [0, []];
        $at[0] += $n;
        foreach ($costs as $k => $v) {
            $at[1][$k] = ($at[1][$k] ?? 0) + $v;
        }
    }

    /** Adds calls and costs (in counter order) to a node. */
    public function addTo(int $node, int|float $calls, array $costs): void
    {
        $this->calls[$node] += $calls;
        $own = &$this->own[$node];
        foreach ($costs as $k => $v) {
            $own[$k] = ($own[$k] ?? 0) + $v;
        }
    }
}

/**
 * What the terminal commands call bench's counters. Their units and pprof
 * sample types are bench.so's (bench_counter_info: known_counters()); a
 * counter with no title here (another tool's) is shown by its name.
 */
const COUNTER_TITLES = [
    'wall_ns' => 'wall time', 'cpu_ns' => 'CPU time', 'instructions' => 'instructions', 'cycles' => 'CPU cycles',
    'allocs' => 'allocations', 'alloc_bytes' => 'allocated bytes', 'frees' => 'frees', 'freed_bytes' => 'freed bytes',
    'ops' => 'VM opcodes', 'retained_bytes' => 'retained bytes', 'live_allocs' => 'live allocations', 'live_bytes' => 'live bytes',
    'cleanup_allocs' => 'allocations freed at shutdown', 'cleanup_bytes' => 'bytes freed at shutdown',
    'gc_allocs' => 'allocations the cycle collector freed', 'gc_bytes' => 'bytes the cycle collector freed', 'peak_bytes' => 'peak live bytes',
];

/** bench's counters, as bench.so's bench_counter_info has them: name => ['unit' =>, 'exact' =>, 'attributed' =>, 'pprof' => its sample type]. */
function known_counters(): array
{
    static $known = null;
    return $known ??= bench_internal_counters();
}

/** Reads "name" (bench's counter name) and a unit from a name and a unit as profiles spell them. */
function counter_name(string $type, string $unit = ''): array
{
    static $names = null;
    $names ??= array_combine(array_column(known_counters(), 'pprof'), array_keys(known_counters()));
    $name = $names[$type] ?? $type;
    return [$name, counter_unit($name, $unit)];
}

/** The unit of a counter: ns, bytes or count; one bench.so does not know by its name's suffix. */
function counter_unit(string $name, string $unit = ''): string
{
    $known = known_counters()[$name]['unit'] ?? null;
    if ($unit === 'nanoseconds' || $known === 'ns' || ($known === null && str_ends_with($name, '_ns'))) {
        return 'ns';
    }
    if ($unit === 'bytes' || $known === 'bytes' || ($known === null && str_ends_with($name, '_bytes'))) {
        return 'bytes';
    }
    return 'count';
}

/** Source lines a profile may name: 0 (none) to this. A line past it is no PHP file's, and would make line loops unbounded. */
const MAX_LINE = (1 << 24) - 1;
/** Counters a profile may have: a file with thousands would make every node's costs that long. */
const MAX_COUNTERS = 64;

/** A line number, checked: a ReadError outside 0..MAX_LINE. */
function line_of(int $line, string $where): int
{
    if ($line < 0 || $line > MAX_LINE) {
        throw new ReadError(sprintf('%s is %s, outside 0 to %s', $where, $line, number_format(MAX_LINE)));
    }
    return $line;
}

/**
 * Stops a reader whose structures grow past its share of the memory left,
 * before PHP's limit ends the whole command: a ReadError that skips this
 * file only. read_profile() starts it for each file ($start); readers call
 * it every few thousand items, or with what they are about to need ($need:
 * json_decode() cannot be stopped midway).
 */
function memory_guard(bool $start = false, int $need = 0): void
{
    static $limit = 0, $allowed = 0;
    if ($start) {
        $max = ini_parse_quantity(ini_get('memory_limit'));
        $used = memory_get_usage();
        $allowed = $max > 0 ? (int) (($max - $used) * READ_MEMORY_SHARE) : 0;
        $limit = $used + $allowed;
        return;
    }
    if ($allowed > 0 && memory_get_usage() + $need > $limit) {
        throw new ReadError(sprintf('reading it takes more than %s MiB of memory, %d%% of what --max-memory leaves', number_format($allowed >> 20),
            100 * READ_MEMORY_SHARE));
    }
}

/** The share of the memory left that reading one file may take: the rest is for what the command builds from it. */
const READ_MEMORY_SHARE = 0.25;

/** An integer from a profile's text, or a ReadError that says where. */
function int_of(mixed $value, string $where): int
{
    if (is_int($value)) {
        return $value;
    }
    if (is_string($value) && (string) (int) $value === $value) {
        return (int) $value;
    }
    throw new ReadError("$where is not an integer");
}

/**
 * A sampling interval in microseconds as nanoseconds, or null where it is
 * not one a sampler could have had (up to a day): it is a note on the
 * profile, and a crafted one must not overflow into a float.
 */
function interval_ns(int $us): ?int
{
    return $us > 0 && $us <= 86_400_000_000 ? $us * 1000 : null;
}

/** Profiles a merge may say it holds, at most: a crafted file's larger claim is not taken (see merged_of()). */
const MERGED_MAX = 1 << 40;

/**
 * What a file of bench merge holds, from the line it writes into callgrind's
 * "cmd:", pprof's comment and JSON's "command" (merge_description()): "bench
 * merge of 1,200 profiles (1,000 profile mode, 200 sample mode), 2024-01-31
 * 12:00:00 to 12:05:00 UTC". Returns [profiles, [mode => profiles], first
 * time ns, last time ns], or null where the line is not one, or its modes do
 * not add up to its profiles.
 */
function merged_of(string $line): ?array
{
    if (!preg_match('/^bench merge of ([\d,]{1,20}) profiles? \(([^()]{1,200})\), (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) to (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d) UTC$/',
            $line, $m)) {
        return null;
    }
    $profiles = (int) str_replace(',', '', $m[1]);
    $modes = [];
    foreach (explode(', ', $m[2]) as $part) {
        if (!preg_match('/^([\d,]{1,20}) (profile|sample|unknown) mode$/', $part, $mode) || isset($modes[$mode[2]])) {
            return null;
        }
        $modes[$mode[2]] = (int) str_replace(',', '', $mode[1]);
    }
    if ($profiles < 1 || $profiles > MERGED_MAX || array_sum($modes) !== $profiles) {
        return null;
    }
    $first = strtotime("$m[3] UTC");
    $last = strtotime("$m[4] UTC");
    return [$profiles, $modes, $first === false ? 0 : $first * 1_000_000_000, $last === false ? 0 : $last * 1_000_000_000];
}

/**
 * Notes in a profile's meta what a merge says it holds (merged_of()): the
 * profiles it counts for ('merged'), their modes, and its time span; a merge
 * is no request of its own, so it has no duration.
 */
function profile_merged(Profile $p, string $line): void
{
    $merged = merged_of($line);
    if ($merged === null) {
        return;
    }
    [$p->meta['merged'], $p->meta['modes'], $first, $last] = $merged;
    if ($first > 0) {
        $p->meta['time_ns'] = $first;
        $p->meta['last_ns'] = max($first, $last);
    }
    $p->meta['mode'] = count($p->meta['modes']) === 1 ? array_key_first($p->meta['modes']) : '';
    unset($p->meta['duration_ns']);
}

/** The request's own labels that a profile's meta holds, in pprof's names. */
const PROFILE_LABEL_KEYS = ['uri', 'method', 'status', 'script', 'sapi', 'pid'];

/**
 * A profile's labels, as bench's pprof files carry them on every sample:
 * the request's (uri only where it has a method, as bench writes it) and
 * the others its file had (alloc_sampled, bench_label()'s).
 */
function profile_labels(Profile $p): array
{
    $labels = [];
    foreach (PROFILE_LABEL_KEYS as $key) {
        $value = $p->meta[$key] ?? null;
        if ($value !== null && $value !== '' && ($key !== 'uri' || ($p->meta['method'] ?? '') !== '')) {
            $labels[$key] = $value;
        }
    }
    foreach ($p->meta['labels'] ?? [] as $key => $value) {
        $labels[(string) $key] ??= is_int($value) ? $value : (string) $value;
    }
    return $labels;
}

/**
 * An application's labels as a file gives them (bench_label()): text keys
 * and values only, as many as bench writes (16), each as long: a crafted
 * file's thousands are left out.
 */
function profile_labels_of(array $labels): array
{
    $kept = [];
    foreach ($labels as $key => $value) {
        if (count($kept) >= 16) {
            break;
        }
        if (is_string($value) && preg_match('/^[A-Za-z0-9_.-]{1,63}$/', (string) $key)) {
            $kept[(string) $key] = substr($value, 0, 255);
        }
    }
    return $kept;
}

/**
 * Whether a shell pattern matches a string a profile gave (a name, a URI):
 * fnmatch() takes no NUL byte and at most 4,096 bytes, which a crafted
 * profile's strings need not respect. A NUL is matched as U+FFFD, and a
 * longer string by its first 4,096 bytes.
 */
function pattern_matches(string $pattern, string $subject): bool
{
    return $subject === $pattern || fnmatch($pattern, substr(str_replace("\0", "\u{FFFD}", $subject), 0, 4096), FNM_NOESCAPE);
}
