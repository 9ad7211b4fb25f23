<?php
/*
 * bench report: bench's JSON profiles. From format_version 1 they carry the
 * call tree ("tree": node 0 is {request}; each node names its parent, its
 * function in "functions", its calls and own costs); before that, functions
 * and edges only, from which call paths cannot be rebuilt exactly. A counter
 * the machine could not provide may be null: the profile then lacks it.
 */
namespace Bench\Report;

/** What json_decode() takes at most per array or object (a one-element array: 56 bytes and 8 slots) and per byte of text. */
const JSON_CONTAINER_BYTES = 400, JSON_BYTE_BYTES = 4;

function read_json(string $text, string $file): Profile
{
    memory_guard(false, (substr_count($text, '[') + substr_count($text, '{')) * JSON_CONTAINER_BYTES + strlen($text) * JSON_BYTE_BYTES);
    try {
        $json = json_decode($text, true, 64, JSON_THROW_ON_ERROR | JSON_BIGINT_AS_STRING);
    } catch (\JsonException $e) {
        throw new ReadError('not valid JSON (' . $e->getMessage() . ')');
    }
    if (!is_array($json) || !isset($json['functions']) || !is_array($json['functions'])) {
        throw new ReadError('JSON without "functions": not a bench profile');
    }
    $p = new Profile($file, 'json');
    json_counters($p, $json);
    json_meta($p, $json);
    $functions = json_list($json, 'functions');
    foreach ($functions as $i => $f) {
        if (!is_array($f) || !is_string($f['name'] ?? null)) {
            throw new ReadError("functions[$i] has no name");
        }
        $p->addFunc($f['name'], is_string($f['file'] ?? null) ? $f['file'] : '', is_int($f['line'] ?? null) ? $f['line'] : 0);
    }
    if (Profile::$keepLines) {
        json_line_ops($p, $functions);
    }
    if (isset($json['tree'])) {
        json_tree($p, json_list($json, 'tree'));
        if (Profile::$keepLines) {
            json_lines($p, json_list($json, 'tree'));
        }
        if (Timeline::$keep) {
            json_moments($p, json_list($json, 'timeline'));
        }
    } else {
        json_graph($p, $functions, json_list($json, 'edges'));
    }
    return $p;
}

/** A list at $key, or a ReadError. */
function json_list(array $json, string $key): array
{
    $list = $json[$key] ?? [];
    if (!is_array($list) || !array_is_list($list)) {
        throw new ReadError("\"$key\" is not a list");
    }
    return $list;
}

/** The counters the profile lists, less those its totals say are unavailable (null). */
function json_counters(Profile $p, array $json): void
{
    $names = json_list($json, 'counters');
    $totals = is_array($json['totals'] ?? null) ? $json['totals'] : [];
    foreach ($names as $i => $name) {
        if (!is_string($name)) {
            throw new ReadError("counters[$i] is not a name");
        }
        if (array_key_exists($name, $totals) && $totals[$name] === null) {
            continue;
        }
        $p->addCounter($name, counter_unit($name));
        if (isset($totals[$name])) {
            $p->totals[$name] = int_of($totals[$name], "totals.$name");
        }
    }
}

function json_meta(Profile $p, array $json): void
{
    $request = is_array($json['request'] ?? null) ? $json['request'] : [];
    $meta = ['uri' => $json['command'] ?? $json['uri'] ?? '', 'method' => $request['method'] ?? '', 'mode' => $json['mode'] ?? '',
        'script' => $request['script'] ?? ''];
    foreach (['uri', 'method', 'mode', 'script'] as $key) {
        if (!is_string($meta[$key])) {
            throw new ReadError("the request's $key is not text");
        }
    }
    foreach (['status', 'time_ns', 'duration_ns', 'peak_memory'] as $key) {
        if (isset($request[$key])) {
            $meta[$key] = int_of($request[$key], "request.$key");
        }
    }
    foreach (['pid', 'samples'] as $key) {
        if (isset($json[$key])) {
            $meta[$key] = int_of($json[$key], $key);
        }
    }
    if (is_string($request['sapi'] ?? null)) {
        $meta['sapi'] = $request['sapi'];
    }
    $meta['labels'] = profile_labels_of(is_array($json['labels'] ?? null) ? $json['labels'] : []);
    $interval = isset($json['interval_us']) ? interval_ns(int_of($json['interval_us'], 'interval_us')) : null;
    if ($interval !== null) {
        $meta['interval_ns'] = $interval;
    }
    $p->meta = $meta;
    // A merge says so in its command (bench merge of N profiles ...); older merges also had "bench": "merge".
    if (($json['bench'] ?? null) === 'merge' || str_starts_with($meta['uri'], 'bench merge of ')) {
        profile_merged($p, $meta['uri']);
    }
}

/** Costs {counter: int|null} in the profile's counter order; null and absent are 0. */
function json_costs(Profile $p, mixed $costs, string $where): array
{
    if (!is_array($costs)) {
        throw new ReadError("$where is not an object of costs");
    }
    $out = [];
    foreach ($p->counters as $k => $name) {
        $v = $costs[$name] ?? 0;
        $out[$k] = is_int($v) ? $v : int_of($v, "$where.$name");
    }
    return $out;
}

function json_tree(Profile $p, array $tree): void
{
    $p->startPaths();
    $nfuncs = count($p->funcs);
    foreach ($tree as $i => $node) {
        if (($i & 4095) === 4095) {
            memory_guard();
        }
        if (!is_array($node)) {
            throw new ReadError("tree[$i] is not a node");
        }
        $parent = int_of($node['parent'] ?? null, "tree[$i].parent");
        $func = int_of($node['function'] ?? null, "tree[$i].function");
        if ($parent >= $i || $parent < -1 || ($i === 0 && $parent !== -1)) {
            throw new ReadError("tree[$i]'s parent $parent is not a node before it (or -1, the root's)");
        }
        if ($func < 0 || $func >= $nfuncs) {
            throw new ReadError("tree[$i]'s function $func is not in \"functions\"");
        }
        $p->parent[] = $parent;
        $p->func[] = $func;
        $p->calls[] = int_of($node['calls'] ?? 0, "tree[$i].calls");
        $p->own[] = json_costs($p, $node['own'] ?? [], "tree[$i].own");
    }
    if (!$tree) {
        throw new ReadError('an empty "tree"');
    }
}

/** Sample mode's timeline: [ns from the request's start, node of the tree, weight] per time sample, in the order taken. */
function json_moments(Profile $p, array $timeline): void
{
    if (count($timeline) > TIMELINE_MAX_EVENTS) {
        throw new ReadError(sprintf('a timeline of %s samples, more than a timeline draws (%s)', number_format(count($timeline)), number_format(TIMELINE_MAX_EVENTS)));
    }
    $nodes = count($p->parent);
    foreach ($timeline as $i => $moment) {
        if (!is_array($moment) || !array_is_list($moment) || count($moment) !== 3) {
            throw new ReadError("timeline[$i] is not [ns, node, weight]");
        }
        [$at, $node, $weight] = [int_of($moment[0], "timeline[$i]'s time"), int_of($moment[1], "timeline[$i]'s node"), int_of($moment[2], "timeline[$i]'s weight")];
        if ($node < 0 || $node >= $nodes) {
            throw new ReadError("timeline[$i] names node $node, which the tree does not have");
        }
        $p->moments[] = [$at, $node, $weight];
    }
}

/** Functions and edges, for a profile without a tree. An edge names its functions: the first of that name. */
function json_graph(Profile $p, array $functions, array $edges): void
{
    $byName = [];
    foreach ($functions as $i => $f) {
        $byName[$f['name']] ??= $i;
        $p->flat[$i] = [int_of($f['calls'] ?? 0, "functions[$i].calls"), json_costs($p, $f['own'] ?? [], "functions[$i].own"),
            json_costs($p, $f['inclusive'] ?? [], "functions[$i].inclusive")];
    }
    foreach ($edges as $i => $e) {
        if (!is_array($e)) {
            throw new ReadError("edges[$i] is not an edge");
        }
        $caller = is_string($e['caller'] ?? null) ? $byName[$e['caller']] ?? null : null;
        $callee = is_string($e['callee'] ?? null) ? $byName[$e['callee']] ?? null : null;
        if ($caller === null || $callee === null) {
            throw new ReadError("edges[$i] names a function that \"functions\" does not have");
        }
        $p->edges[] = [$caller, $callee, int_of($e['calls'] ?? 0, "edges[$i].calls"), json_costs($p, $e['inclusive'] ?? [], "edges[$i].inclusive")];
    }
}

/**
 * The tree's lines: a sampled node's own cost at the line it ran ("line"),
 * and at each call site on its path ("call_line" in its parent) its cost
 * once, however often the path passes that site (recursion). Calls at a
 * site are the calls of the edge made there; in sample mode, the samples
 * under it. A site's cost is then the inclusive cost of the nodes below it
 * that have no caller at the same site: one walk down the tree, whatever its
 * depth.
 */
function json_lines(Profile $p, array $tree): void
{
    $sampled = ($p->meta['mode'] ?? '') === 'sample';
    $n = count($tree);
    $site = $children = [];
    for ($i = 0; $i < $n; $i++) {
        $node = $tree[$i];
        $parent = $p->parent[$i];
        $children[$parent][] = $i;
        $callLine = is_int($node['call_line'] ?? null) ? $node['call_line'] : 0;
        $site[$i] = $parent >= 0 && $callLine > 0 ? Model::pair($p->func[$parent], line_of($callLine, "tree[$i].call_line")) : -1;
        if (!$sampled && $site[$i] >= 0 && $p->calls[$i]) {
            $p->addLine(true, $p->func[$parent], $callLine, $p->calls[$i], []);
        }
        $own = $sampled ? $p->calls[$i] : 0;
        $line = is_int($node['line'] ?? null) ? $node['line'] : 0;
        if ($line > 0 && ($own || array_filter($p->own[$i]))) {
            $p->addLine(false, $p->func[$i], line_of($line, "tree[$i].line"), $own, $p->own[$i]);
        }
    }
    // Inclusive samples and costs per node (children come after their parents).
    $inclCalls = $sampled ? $p->calls : array_fill(0, $n, 0);
    $incl = $p->own;
    for ($i = $n - 1; $i > 0; $i--) {
        $up = $p->parent[$i];
        if ($up >= 0) {
            $inclCalls[$up] += $inclCalls[$i];
            foreach ($incl[$i] as $k => $v) {
                $incl[$up][$k] = ($incl[$up][$k] ?? 0) + $v;
            }
        }
    }
    $onPath = [];
    // Depth first without recursion: a node is pushed, then its exit (~node).
    $stack = $children[-1] ?? [];
    while ($stack) {
        $i = array_pop($stack);
        if ($i < 0) {
            $onPath[$site[~$i]]--;
            continue;
        }
        $s = $site[$i];
        if ($s >= 0) {
            if (empty($onPath[$s]) && ($inclCalls[$i] || array_filter($incl[$i]))) {
                $p->addLine(true, $p->func[$p->parent[$i]], $tree[$i]['call_line'], $inclCalls[$i], $incl[$i]);
            }
            $onPath[$s] = ($onPath[$s] ?? 0) + 1;
            $stack[] = ~$i;
        }
        foreach ($children[$i] ?? [] as $child) {
            $stack[] = $child;
        }
    }
}

/** Profile mode's opcodes per line (bench.count_ops=1): "line_ops" of each function, [line, ops]. */
function json_line_ops(Profile $p, array $functions): void
{
    $ops = array_search('ops', $p->counters, true);
    if ($ops === false) {
        return;
    }
    foreach ($functions as $i => $f) {
        foreach (is_array($f['line_ops'] ?? null) ? $f['line_ops'] : [] as $j => $pair) {
            if (!is_array($pair) || count($pair) !== 2) {
                throw new ReadError("functions[$i].line_ops[$j] is not [line, ops]");
            }
            $p->addLine(false, $i, int_of($pair[0], "functions[$i].line_ops[$j]"), 0, [$ops => int_of($pair[1], "functions[$i].line_ops[$j]")]);
        }
    }
}
