<?php
/*
 * bench report: what the outputs read from a model. Per function its calls,
 * own cost and inclusive cost (counted once in a recursion); per caller and
 * callee the calls and their inclusive cost: bench.so's views, those its
 * writers write (Views). Per node of the tree its inclusive cost, and paths
 * estimated from call edges, for the flame graphs (approximate()).
 */
namespace Bench\Report;

final class Views
{
    /** per function: calls; per counter, per function: own and inclusive costs (a zero cost left out) */
    public array $calls = [];
    public array $own = [];
    public array $incl = [];
    /** per call edge: [caller, callee, calls, [counter => inclusive]] */
    public array $edges = [];
    /** per counter: the sum of all own costs */
    public array $total = [];

    /**
     * The views of a side, computed by bench.so (bench_internal_profile_views()),
     * the views that its writers write: one implementation, in C as the writers
     * must be (they write on a thread where no PHP runs). Of a model as read:
     * every caller asks before approximate(), whose fractional costs bench.so
     * would refuse as it refuses a sum that PHP made a float. A ReadError
     * where a sum passes int64.
     */
    public static function of(Model $m, int $side = 0): self
    {
        $v = new self();
        $counters = array_keys($m->counterName);
        // bench.so's views hold as many counters as its profiles have: more (other tools' profiles) are read in turns.
        foreach ($counters ? array_chunk($counters, count(bench_internal_counters())) : [[]] as $turn => $chunk) {
            try {
                $views = bench_internal_profile_views(model_array($m, $side, $chunk));
            } catch (\Exception $e) {
                throw new ReadError($e->getCode() === 2
                    ? 'a count or cost summed over these profiles passes 9,223,372,036,854,775,807, the largest 64-bit integer: read fewer profiles'
                    : $e->getMessage());
            }
            if ($turn === 0) {
                $v->calls = $views['calls'];
                $v->edges = $views['edges'];
            } else {
                // The edges' costs of this turn's counters, in the same order: the same tree and edges.
                foreach ($views['edges'] as $e => [, , , $incl]) {
                    foreach ($incl as $k => $value) {
                        $v->edges[$e][3][$chunk[$k]] = $value;
                    }
                }
            }
            foreach ($chunk as $k => $c) {
                $v->own[$c] = $views['own'][$k];
                $v->incl[$c] = $views['incl'][$k];
                $v->total[$c] = $views['total'][$k];
            }
        }
        return $v;
    }

    /** Functions by a counter's own or inclusive cost (-1: calls), highest first. */
    public function order(int $counter, string $by = 'own'): array
    {
        $values = $counter < 0 || $by === 'calls' ? $this->calls : ($by === 'inclusive' ? $this->incl[$counter] : $this->own[$counter]);
        $funcs = array_keys($this->calls + ($this->own[$counter] ?? []) + ($this->incl[$counter] ?? []));
        usort($funcs, fn($a, $b) => ($values[$b] ?? 0) <=> ($values[$a] ?? 0) ?: $a <=> $b);
        return $funcs;
    }
}

/** Per node its children (-1: the roots), in the order they were made. */
function children(Model $m): array
{
    $children = [];
    foreach ($m->parent as $n => $parent) {
        $children[$parent][] = $n;
    }
    return $children;
}

/** Per counter, per node: its own cost and its descendants'. Children come after their parents. */
function node_inclusive(Model $m, int $side): array
{
    $incl = $m->own[$side];
    $parents = $m->parent;
    foreach ($incl as $c => $values) {
        $sums = $values;
        for ($n = count($parents) - 1; $n >= 0; $n--) {
            $p = $parents[$n];
            if ($p >= 0 && isset($sums[$n])) {
                $sums[$p] = ($sums[$p] ?? 0) + $sums[$n];
            }
        }
        $incl[$c] = $sums;
    }
    return $incl;
}

/** The smallest share of a counter's total that approximate() expands into a path of its own. */
const APPROXIMATE_MIN_SHARE = 1e-4;
/** How deep approximate() follows edges. */
const APPROXIMATE_MAX_DEPTH = 64;
/**
 * Nodes approximate() makes at most per side. A graph with many paths (a
 * diamond of depth 20 has a million) would otherwise take exponential time:
 * past the budget, what an edge carries stays with its caller's frame.
 */
const APPROXIMATE_MAX_NODES = 50_000;

/**
 * Estimates call paths from call edges (callgrind, JSON without a tree),
 * into the tree: from each function that nobody calls, a callee gets the
 * share of its cost that the edge from this caller carries, and so on down.
 * Exact where each function has one caller; otherwise an estimate, and the
 * model says so (approximated). A recursive call is not followed: its cost
 * stays with the callee's frame there. Past APPROXIMATE_MAX_NODES, edges are
 * not followed either (the model counts them in approximateStopped).
 */
function approximate(Model $m): void
{
    for ($side = 0; $side < $m->sides; $side++) {
        if (!$m->gCalls[$side]) {
            continue;
        }
        $m->approximated = true;
        $out = $called = [];
        foreach ($m->gEdges[$side] as [$caller, $callee, $calls, $incl]) {
            if ($caller !== $callee) {
                $out[$caller][] = [$callee, $calls, $incl];
                $called[$callee] = true;
            }
        }
        $total = [];
        foreach ($m->gIncl[$side] as $c => $incl) {
            $total[$c] = 0;
            foreach ($incl as $f => $value) {
                $total[$c] += isset($called[$f]) ? 0 : $value;
            }
        }
        $scale = array_fill_keys(array_keys($total), 1.0);
        $budget = APPROXIMATE_MAX_NODES;
        foreach (array_keys($m->gCalls[$side]) as $f) {
            if (!isset($called[$f])) {
                approximate_node($m, $side, $out, $total, $f, -1, $scale, [$f => true], $budget);
            }
        }
    }
}

/** Adds function $f under $parent with $scale (per counter, the share of its costs on this path), and its callees; $budget counts the nodes left. */
function approximate_node(Model $m, int $side, array $out, array $total, int $f, int $parent, array $scale, array $path, int &$budget): void
{
    $n = $m->node($parent, $f);
    $budget--;
    $first = array_key_first($scale);
    $m->calls[$side][$n] = ($m->calls[$side][$n] ?? 0) + ($m->gCalls[$side][$f] ?? 0) * ($first === null ? 1 : $scale[$first]);
    foreach ($scale as $c => $share) {
        $m->own[$side][$c][$n] = ($m->own[$side][$c][$n] ?? 0) + ($m->gOwn[$side][$c][$f] ?? 0) * $share;
    }
    foreach ($out[$f] ?? [] as [$callee, $calls, $incl]) {
        $next = $portion = [];
        $visible = false;
        foreach ($scale as $c => $share) {
            $portion[$c] = ($incl[$c] ?? 0) * $share;
            $next[$c] = ($m->gIncl[$side][$c][$callee] ?? 0) > 0 ? $portion[$c] / $m->gIncl[$side][$c][$callee] : 0.0;
            $visible = $visible || ($total[$c] > 0 && $portion[$c] >= APPROXIMATE_MIN_SHARE * $total[$c]);
        }
        if ($budget <= 0) {
            // Out of budget: the caller's frame holds what the edge carries.
            $m->approximateStopped++;
            foreach ($portion as $c => $value) {
                $m->own[$side][$c][$n] = ($m->own[$side][$c][$n] ?? 0) + $value;
            }
            continue;
        }
        if ($visible && !isset($path[$callee]) && count($path) < APPROXIMATE_MAX_DEPTH) {
            approximate_node($m, $side, $out, $total, $callee, $n, $next, $path + [$callee => true], $budget);
            continue;
        }
        // Not followed: the callee's frame holds all that this edge carries.
        $budget--;
        $leaf = $m->node($n, $callee);
        $m->calls[$side][$leaf] = ($m->calls[$side][$leaf] ?? 0) + $calls * ($first === null ? 1 : $scale[$first]);
        foreach ($portion as $c => $value) {
            $m->own[$side][$c][$leaf] = ($m->own[$side][$c][$leaf] ?? 0) + $value;
        }
    }
}
