<?php
/*
 * bench report: the text formats, folded stacks and callgrind.
 */
namespace Bench\Report;

/**
 * The counter a folded file holds, as bench names it (bench.STAMP.PID.SEQ.COUNTER.folded, compressed or not);
 * wall_ns for a file named otherwise (flamegraph.pl's convention is time).
 */
function folded_counter_of(string $file): string
{
    return preg_match('/\.([a-z_]+)\.folded(\.(gz|zst))?$/', $file, $m) ? $m[1] : 'wall_ns';
}

/**
 * Folded stacks: "frame;frame;frame value" a line. They carry one counter
 * and nothing of the request: bench writes the sampled time there, or in
 * profile mode the first of instructions and wall time that it measured;
 * $counter names it (the file's name says which, or --folded-counter).
 */
function read_folded(string $text, string $file, string $counter): Profile
{
    $p = new Profile($file, 'folded');
    $p->countsCalls = false;
    $p->counters = [$counter];
    $p->units = [$counter => counter_unit($counter)];
    $p->startPaths();
    $funcIndex = $children = [];
    $number = 0;
    foreach (text_lines($text) as $line) {
        if ((++$number & 4095) === 0) {
            memory_guard();
        }
        $line = rtrim($line, "\r");
        if ($line === '') {
            continue;
        }
        $at = strrpos($line, ' ');
        if ($at === false || $at === 0) {
            throw new ReadError("line $number is not \"frames value\"");
        }
        $value = int_of(substr($line, $at + 1), "the value of line $number");
        $node = -1;
        foreach (explode(';', substr($line, 0, $at)) as $frame) {
            $node = $p->node($children, $node, $p->funcIndex($funcIndex, $frame));
        }
        $p->addTo($node, 0, [$value]);
    }
    if ($number === 0 || !$p->parent) {
        throw new ReadError('no stacks (an empty folded file)');
    }
    // Every line ends in a newline as bench writes them: a file cut in a line could have cut a number short.
    if (!str_ends_with($text, "\n")) {
        throw new ReadError('truncated: its last line does not end');
    }
    return $p;
}

/**
 * The lines of a text (without their "\n"), numbered from 0, one at a time:
 * explode() would make an array of them all, and a file of 32 MiB once
 * decompressed (a few KB of zstd) is millions of strings, a gigabyte.
 */
function text_lines(string $text): \Generator
{
    $length = strlen($text);
    for ($at = 0, $i = 0; $at < $length; $at = $end + 1, $i++) {
        $end = strpos($text, "\n", $at);
        if ($end === false) {
            yield $i => substr($text, $at);
            return;
        }
        yield $i => substr($text, $at, $end - $at);
    }
}

/**
 * A callgrind file with more lines is refused: bench writes three lines a
 * function and four a call edge, well under this at its default cap of
 * 100,000 call paths, and a cost line takes 0.6 to 1.5 us to read here, so
 * that 32 MiB of four-byte lines (a few KB of zstd) would take 12 s.
 */
const CALLGRIND_MAX_LINES = 2_097_152;

/**
 * The callgrind format (valgrind's "Callgrind Format Specification"), as
 * bench and valgrind write it: per function its own costs (cost lines), and
 * per call its count and inclusive cost (a "calls=" line and the cost line
 * after it). Names may be compressed ("fn=(3) name", then "fn=(3)").
 */
function read_callgrind(string $text, string $file): Profile
{
    $p = new Profile($file, 'callgrind');
    $state = ['positions' => 1, 'linePosition' => 0, 'files' => [], 'names' => [], 'fl' => '', 'fn' => null, 'cfl' => null, 'cfn' => null,
        'calls' => null, 'samplesAt' => null, 'funcIndex' => [], 'edges' => [], 'line' => 0, 'at' => 0, 'summary' => false,
        'totals' => false];
    foreach (text_lines($text) as $i => $line) {
        if (($i & 4095) === 4095) {
            memory_guard();
            if ($i >= CALLGRIND_MAX_LINES) {
                throw new ReadError(sprintf('more than %s lines, which no profile of bench\'s has', number_format(CALLGRIND_MAX_LINES)));
            }
        }
        $state['line'] = $i + 1;
        $line = rtrim($line, "\r");
        if ($line === '' || $line[0] === '#') {
            continue;
        }
        $c = $line[0];
        if (($c >= '0' && $c <= '9') || $c === '+' || $c === '-' || $c === '*') {
            callgrind_costs($p, $state, $line);
        } elseif (!callgrind_spec($p, $state, $line)) {
            throw new ReadError(sprintf('line %d is not callgrind: "%s"', $i + 1, substr($line, 0, 60)));
        }
    }
    if (!$p->counters) {
        throw new ReadError($state['samplesAt'] === null ? 'not callgrind (no "events:" line)' : 'no event but samples: no cost to show');
    }
    // bench and valgrind write "summary:" first and "totals:" last: a file with the one and not the other was cut short.
    if ($state['summary'] && !$state['totals']) {
        throw new ReadError('truncated: it has "summary:" and no "totals:" line at its end');
    }
    if (($p->meta['bench'] ?? '') === 'merge' && isset($state['cmd'])) {
        profile_merged($p, $state['cmd']);
    }
    if (!str_ends_with($text, "\n")) {
        throw new ReadError('truncated: its last line does not end');
    }
    $p->edges = array_values($state['edges']);
    callgrind_inclusive($p);
    return $p;
}

/** A "key: value" header line or a "key=value" body line; false for anything else. */
function callgrind_spec(Profile $p, array &$state, string $line): bool
{
    if (!preg_match('/^(\w+)([:=])\s*(.*)$/', $line, $m)) {
        return false;
    }
    [, $key, $sep, $value] = $m;
    if ($sep === ':') {
        callgrind_header($p, $state, $key, $value);
        return true;
    }
    switch ($key) {
        case 'fl':
        case 'fi':
        case 'fe':
            $state['fl'] = callgrind_name($state['files'], $value, $state['line']);
            return true;
        case 'fn':
            $state['fn'] = $p->funcIndex($state['funcIndex'], callgrind_name($state['names'], $value, $state['line']), $state['fl']);
            $p->flat[$state['fn']] ??= [0, [], []];
            return true;
        case 'cfl':
        case 'cfi':
            $state['cfl'] = callgrind_name($state['files'], $value, $state['line']);
            return true;
        case 'cfn':
            $state['cfn'] = callgrind_name($state['names'], $value, $state['line']);
            return true;
        case 'calls':
            if (!preg_match('/^(\d+)/', $value, $count) || $state['cfn'] === null) {
                throw new ReadError("line {$state['line']}: calls= without a count or a cfn= before it");
            }
            $state['calls'] = (int) $count[1];
            return true;
        case 'ob':
        case 'cob':
        case 'jump':
        case 'jcnd':
            return true;
    }
    return false;
}

function callgrind_header(Profile $p, array &$state, string $key, string $value): void
{
    switch ($key) {
        case 'events':
            // Sample mode's "samples" event is what the report counts as calls: exact, where calls= is at least 1.
            foreach (preg_split('/\s+/', trim($value)) as $k => $event) {
                if ($event === 'samples' && $state['samplesAt'] === null) {
                    $state['samplesAt'] = $k;
                } else {
                    $p->addCounter($event, counter_unit($event));
                }
            }
            break;
        case 'positions':
            $positions = preg_split('/\s+/', trim($value));
            $state['positions'] = count($positions);
            $state['linePosition'] = array_search('line', $positions, true);
            break;
        case 'summary':
        case 'totals':
            $state[$key] = true;
            $values = preg_split('/\s+/', trim($value));
            if ($state['samplesAt'] !== null) {
                array_splice($values, $state['samplesAt'], 1);
            }
            foreach ($values as $k => $v) {
                if (isset($p->counters[$k])) {
                    $p->totals[$p->counters[$k]] = int_of($v, "the $key of {$p->counters[$k]}");
                }
            }
            break;
        case 'cmd':
            $p->meta['uri'] = $value;
            $state['cmd'] = $value;
            break;
        case 'pid':
            $p->meta['pid'] = int_of($value, 'pid');
            break;
        case 'creator':
            if (preg_match('/^bench (\S+)/', $value, $m)) {
                $p->meta['bench'] = $m[1];
                $p->meta['mode'] ??= 'profile';
            }
            break;
        case 'desc':
            callgrind_desc($p, $value);
            break;
    }
}

/** bench's "desc:" lines: the request, its duration and peak memory, sampling. */
function callgrind_desc(Profile $p, string $value): void
{
    if (preg_match('/^Request: (\S*) (.*), status (\d+)$/', $value, $m)) {
        [, $p->meta['method'], $p->meta['uri'], $status] = $m;
        $p->meta['status'] = (int) $status;
    } elseif (preg_match('/^Duration: (\d+) ns, peak memory (\d+) bytes$/', $value, $m)) {
        $p->meta['duration_ns'] = (int) $m[1];
        $p->meta['peak_memory'] = (int) $m[2];
    } elseif (preg_match('/^Label: ([A-Za-z0-9_.-]{1,63})=(.*)$/', $value, $m)) {
        $p->meta['labels'] = profile_labels_of([...$p->meta['labels'] ?? [], $m[1] => $m[2]]);
    } elseif (preg_match('/^Sampled: (\d+) samples every (\d+) us/', $value, $m)) {
        $p->meta['mode'] = 'sample';
        $p->meta['samples'] = (int) $m[1];
        $interval = strlen($m[2]) <= 18 ? interval_ns((int) $m[2]) : null;
        if ($interval !== null) {
            $p->meta['interval_ns'] = $interval;
        }
    }
}

/** A compressed name: "(id) name" defines id, "(id)" refers to it; a plain name is itself. */
function callgrind_name(array &$names, string $value, int $line): string
{
    if ($value === '' || $value[0] !== '(') {
        return $value;
    }
    $close = strpos($value, ')');
    $id = $close === false ? '' : substr($value, 1, $close - 1);
    if ($id === '' || (string) (int) $id !== $id) {
        throw new ReadError("line $line: a compressed name without its number");
    }
    $name = ltrim(substr($value, $close + 1));
    if ($name !== '') {
        $names[$id] = $name;
    } elseif (!isset($names[$id])) {
        throw new ReadError("line $line: name ($id) used before it was given");
    }
    return $names[$id];
}

/** A cost line: positions, then one value per event. After "calls=", the call's inclusive cost. */
function callgrind_costs(Profile $p, array &$state, string $line): void
{
    if ($state['fn'] === null) {
        throw new ReadError("line {$state['line']}: a cost line before any fn=");
    }
    $parts = explode(' ', trim($line));
    $values = [];
    for ($k = $state['positions'], $n = count($parts); $k < $n; $k++) {
        $v = $parts[$k];
        if ((string) (int) $v !== $v) {
            throw new ReadError("line {$state['line']}: cost \"$v\" is not an integer");
        }
        $values[] = (int) $v;
    }
    $samples = null;
    if ($state['samplesAt'] !== null) {
        $samples = $values[$state['samplesAt']] ?? 0;
        if ($samples < 0) {
            throw new ReadError("line {$state['line']}: a negative count of samples");
        }
        array_splice($values, $state['samplesAt'], 1);
    }
    if (count($values) > count($p->counters)) {
        throw new ReadError("line {$state['line']}: more costs than events");
    }
    if (Profile::$keepLines && $state['linePosition'] !== false) {
        callgrind_line($p, $state, $parts[$state['linePosition']] ?? '', $values, $samples);
    }
    if ($state['calls'] === null) {
        // A function's line: the position of its first cost line (bench writes its own cost at the function's line).
        $func = &$p->funcs[$state['fn']];
        if ($func[2] === 0 && $state['linePosition'] !== false && preg_match('/^\d{1,9}$/', $parts[$state['linePosition']] ?? '')) {
            $func[2] = line_of((int) $parts[$state['linePosition']], "line {$state['line']}'s position");
        }
        unset($func);
        $p->flat[$state['fn']][0] += $samples ?? 0;
        $own = &$p->flat[$state['fn']][1];
        foreach ($values as $k => $v) {
            $own[$k] = ($own[$k] ?? 0) + $v;
        }
        return;
    }
    $callee = $p->funcIndex($state['funcIndex'], $state['cfn'], $state['cfl'] ?? $state['fl']);
    $p->flat[$callee] ??= [0, [], []];
    $p->flat[$callee][0] += $samples === null ? $state['calls'] : 0;
    $key = Model::pair($state['fn'], $callee);
    $edge = &$state['edges'][$key];
    $edge ??= [$state['fn'], $callee, 0, []];
    $edge[2] += $samples ?? $state['calls'];
    foreach ($values as $k => $v) {
        $edge[3][$k] = ($edge[3][$k] ?? 0) + $v;
    }
    $state['calls'] = $state['cfl'] = $state['cfn'] = null;
}

/** A cost line's source line: a number, or relative to the last one (+N, -N, * for the same). */
function callgrind_line(Profile $p, array &$state, string $position, array $values, ?int $samples): void
{
    if ($position === '*') {
        $line = $state['at'];
    } elseif (preg_match('/^[+-]\d{1,9}$/', $position)) {
        $line = $state['at'] + (int) $position;
    } elseif (preg_match('/^\d{1,9}$/', $position)) {
        $line = (int) $position;
    } else {
        throw new ReadError(sprintf('line %d: position "%s" is not a line', $state['line'], substr($position, 0, 20)));
    }
    $state['at'] = line_of($line, "line {$state['line']}'s position");
    if ($line > 0) {
        $p->addLine($state['calls'] !== null, $state['fn'], $line, $samples ?? $state['calls'] ?? 0, $values);
    }
}

/**
 * Callgrind has no inclusive cost per function. Its own cost plus its calls
 * to other functions is exact where it is not mutually recursive; so is the
 * sum of the calls into it; each overcounts mutual recursion, and the smaller
 * is kept, and for a sampled time never more than the whole profile.
 */
function callgrind_inclusive(Profile $p): void
{
    $in = $out = [];
    foreach ($p->edges as [$caller, $callee, , $inclusive]) {
        if ($caller === $callee) {
            continue;
        }
        foreach ($inclusive as $k => $v) {
            $out[$caller][$k] = ($out[$caller][$k] ?? 0) + $v;
            $in[$callee][$k] = ($in[$callee][$k] ?? 0) + $v;
        }
    }
    // A sampled time is never more than the whole profile's: both overcount a recursion's paths, which sampled stacks repeat.
    $sampled = ($p->meta['mode'] ?? '') === 'sample';
    $total = [];
    foreach ($sampled ? $p->flat : [] as [, $own]) {
        foreach ($own as $k => $v) {
            $total[$k] = ($total[$k] ?? 0) + $v;
        }
    }
    foreach ($p->flat as $f => [, $own]) {
        $inclusive = [];
        foreach ($p->counters as $k => $name) {
            $v = ($own[$k] ?? 0) + ($out[$f][$k] ?? 0);
            $v = isset($in[$f]) ? min($v, $in[$f][$k] ?? 0) : $v;
            $inclusive[$k] = $sampled && $p->units[$name] === 'ns' ? min($v, $total[$k] ?? 0) : $v;
        }
        $p->flat[$f][2] = $inclusive;
    }
}
