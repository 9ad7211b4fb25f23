<?php
/*
 * bench report: what the outputs read from a model. Per function its calls,
 * own cost and inclusive cost (counted once in a recursion); per caller and
 * callee the calls and their inclusive cost; per node of the tree its
 * inclusive cost.
 */
namespace Bench\Report;

final class Views
{
    /** per function: calls; per counter, per function: own and inclusive costs */
    public array $calls = [];
    public array $own = [];
    public array $incl = [];
    /** pair(caller, callee) => [caller, callee, calls, [counter => inclusive]] */
    public array $edges = [];
    /** per counter: the sum of all own costs */
    public array $total = [];

    public static function of(Model $m, int $side = 0): self
    {
        $v = new self();
        $children = children($m);
        $nodeIncl = node_inclusive($m, $side);
        $v->fromTree($m, $side, $children, $nodeIncl);
        $v->fromGraph($m, $side);
        foreach ($v->own as $c => $own) {
            $v->total[$c] = array_sum($own);
        }
        foreach (array_keys($m->counterName) as $c) {
            $v->own[$c] ??= [];
            $v->incl[$c] ??= [];
            $v->total[$c] ??= 0;
        }
        return $v;
    }

    private function fromTree(Model $m, int $side, array $children, array $nodeIncl): void
    {
        $calls = $m->calls[$side];
        foreach ($m->func as $n => $f) {
            $this->calls[$f] = ($this->calls[$f] ?? 0) + ($calls[$n] ?? 0);
        }
        foreach ($m->own[$side] as $c => $own) {
            foreach ($own as $n => $value) {
                $this->own[$c][$m->func[$n]] = ($this->own[$c][$m->func[$n]] ?? 0) + $value;
            }
        }
        foreach ($m->parent as $n => $parent) {
            if ($parent < 0) {
                continue;
            }
            $edge = &$this->edges[Model::pair($m->func[$parent], $m->func[$n])];
            $edge ??= [$m->func[$parent], $m->func[$n], 0, []];
            $edge[2] += $calls[$n] ?? 0;
            foreach ($nodeIncl as $c => $incl) {
                if (isset($incl[$n])) {
                    $edge[3][$c] = ($edge[3][$c] ?? 0) + $incl[$n];
                }
            }
            unset($edge);
        }
        $this->recursionFreeInclusive($m, $children, $nodeIncl);
    }

    /** A function's inclusive cost: of its nodes that have no caller running the same function. */
    private function recursionFreeInclusive(Model $m, array $children, array $nodeIncl): void
    {
        $onPath = [];
        // Depth first, without recursion (paths may be deep): a node is pushed, then its exit (~node).
        $stack = $children[-1] ?? [];
        while ($stack) {
            $n = array_pop($stack);
            if ($n < 0) {
                $onPath[$m->func[~$n]]--;
                continue;
            }
            $f = $m->func[$n];
            if (empty($onPath[$f])) {
                foreach ($nodeIncl as $c => $incl) {
                    if (isset($incl[$n])) {
                        $this->incl[$c][$f] = ($this->incl[$c][$f] ?? 0) + $incl[$n];
                    }
                }
            }
            $onPath[$f] = ($onPath[$f] ?? 0) + 1;
            $stack[] = ~$n;
            foreach ($children[$n] ?? [] as $child) {
                $stack[] = $child;
            }
        }
    }

    private function fromGraph(Model $m, int $side): void
    {
        foreach ($m->gCalls[$side] as $f => $calls) {
            $this->calls[$f] = ($this->calls[$f] ?? 0) + $calls;
        }
        foreach (['own' => $m->gOwn[$side], 'incl' => $m->gIncl[$side]] as $what => $costs) {
            foreach ($costs as $c => $perFunc) {
                foreach ($perFunc as $f => $value) {
                    $this->$what[$c][$f] = ($this->$what[$c][$f] ?? 0) + $value;
                }
            }
        }
        foreach ($m->gEdges[$side] as $key => [$caller, $callee, $calls, $incl]) {
            $edge = &$this->edges[$key];
            $edge ??= [$caller, $callee, 0, []];
            $edge[2] += $calls;
            foreach ($incl as $c => $value) {
                $edge[3][$c] = ($edge[3][$c] ?? 0) + $value;
            }
            unset($edge);
        }
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
