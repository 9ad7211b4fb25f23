<?php
/*
 * bench report: a set of profiles merged into one. Call paths merge into one
 * call tree (the same path in two profiles is one node: its calls and costs
 * add); profiles with call edges only merge into per function costs and
 * edges. Memory grows with the tree, not with the number of profiles.
 *
 * A model holds one or more sides (diff: before and after), which share
 * the functions, counters and tree: a node's costs are kept per side.
 */
namespace Bench\Report;

final class Model
{
    /** Functions (and lines) a profile may have: the low part of a pair's key (pair()). */
    public const FUNC_SPACE = 1 << 24;
    /**
     * The multiplier that spreads pair keys over PHP's hash buckets, odd and
     * drawn once per run. PHP hashes an integer key to its low bits: with
     * (a << 24 | b) alone, every node of one function or every call of one
     * callee would share a bucket, and a crafted file could make building the
     * tree quadratic. Set below the class.
     */
    public static int $mix = 1;

    /** function key => id; per id its name, file and line */
    public array $funcIds = [];
    public array $funcName = [];
    public array $funcFile = [];
    public array $funcLine = [];

    /** counter name => index; per index its name and unit */
    public array $counterIds = [];
    public array $counterName = [];
    public array $counterUnit = [];

    /** the tree: per node its parent (-1: a root) and function */
    public array $parent = [];
    public array $func = [];
    private array $children = [];
    /** per side: per node its calls; per counter, per node its own cost */
    public array $calls = [];
    public array $own = [];

    /** per side, of profiles with call edges only: per function calls, own and inclusive costs ([counter][function]), edges */
    public array $gCalls = [];
    public array $gOwn = [];
    public array $gIncl = [];
    /** per side: pair(caller, callee) => [caller, callee, calls, [counter => inclusive]] */
    public array $gEdges = [];

    /** per side: function => line => [calls, [counter => cost]]: own costs at lines, calls made at lines (Profile::$lineOwn) */
    public array $lineOwn = [];
    public array $lineCalls = [];

    /** per side: profiles with paths, with edges only; per counter (-1: calls), the profiles that have it */
    public array $pathProfiles = [];
    public array $graphProfiles = [];
    public array $counterProfiles = [];
    /** per side: mode => profiles ('unknown': the file does not say) */
    public array $modes = [];
    /** per side, the folded files: they record neither a mode nor how many profiles they hold */
    public array $folded = [];
    /** per side, the requests */
    public array $requests = [];
    /** the sampling interval of sampled profiles, when all say the same (0: they differ or none says) */
    public ?int $interval = null;
    /** whether the tree holds paths estimated from edges (approximate()), and the edges it left with their callers past its budget */
    public bool $approximated = false;
    /** per source file, the [uid, root] pairs of the profiles that may have it read: see Sources */
    public array $sourceTrust = [];
    public int $approximateStopped = 0;
    /**
     * Whether each profile's tree hangs under a pseudo node of its labels
     * (merge to pprof, whose samples keep them): a pseudo node's function is
     * -1 - the index of its label set in $labelSets.
     */
    public bool $byLabels = false;
    /** per label set: [key => string or int] (profile_labels()) */
    public array $labelSets = [];
    private array $labelSetIds = [];

    public function __construct(public readonly int $sides = 1, public readonly bool $needPaths = false)
    {
        for ($s = 0; $s < $sides; $s++) {
            $this->calls[$s] = $this->own[$s] = $this->lineOwn[$s] = $this->lineCalls[$s] = $this->gCalls[$s] = $this->gOwn[$s] = $this->gIncl[$s] = $this->gEdges[$s] = [];
            $this->pathProfiles[$s] = $this->graphProfiles[$s] = 0;
            $this->counterProfiles[$s] = $this->modes[$s] = [];
            $this->requests[$s] = new Requests();
        }
    }

    /** Adds a profile to a side; a ReadError where it cannot join (edges only where paths are needed). */
    public function add(Profile $p, int $side = 0): void
    {
        if (!$p->hasPaths() && $this->needPaths) {
            throw new ReadError("{$p->format} has call edges, not call paths, which this output needs "
                . '(merge it to .callgrind or .json, or write the profiles as pprof, folded or JSON)');
        }
        // A file of bench merge counts for the profiles it says it holds, in their modes (profile_merged()).
        $weight = $p->meta['merged'] ?? 1;
        $funcs = $this->mapFunctions($p);
        $counters = $this->mapCounters($p, $side, $weight);
        if ($p->hasPaths()) {
            $this->addPaths($p, $side, $funcs, $counters);
            $this->pathProfiles[$side] += $weight;
        } else {
            $this->addGraph($p, $side, $funcs, $counters);
            $this->graphProfiles[$side] += $weight;
        }
        $this->addLines($p->lineOwn, $this->lineOwn[$side], $funcs, $counters);
        $this->addLines($p->lineCalls, $this->lineCalls[$side], $funcs, $counters);
        foreach ($p->meta['modes'] ?? [($p->meta['mode'] ?? '' ?: 'unknown') => 1] as $mode => $n) {
            $this->modes[$side][$mode] = ($this->modes[$side][$mode] ?? 0) + $n;
        }
        if ($p->format === 'folded') {
            $this->folded[$side] = ($this->folded[$side] ?? 0) + 1;
        }
        $mode = $p->meta['mode'] ?? '';
        if ($mode === 'sample' && isset($p->meta['interval_ns'])) {
            $this->interval = $this->interval === null || $this->interval === $p->meta['interval_ns'] ? $p->meta['interval_ns'] : 0;
        }
        $this->requests[$side]->add($p);
    }

    public function profiles(int $side = 0): int
    {
        return $this->pathProfiles[$side] + $this->graphProfiles[$side];
    }

    /** Whether every profile of the side was sampled: calls are then samples. */
    public function sampled(int $side = 0): bool
    {
        return array_keys($this->modes[$side]) === ['sample'];
    }

    /** The counter index of a name ("calls" and "samples" are the calls: -1); null when no profile has it. */
    public function counter(string $name): ?int
    {
        return $name === 'calls' || $name === 'samples' ? -1 : $this->counterIds[$name] ?? null;
    }

    /** Per profile function: its id here. Two functions of one profile with one name keep apart: "name (file)". */
    private function mapFunctions(Profile $p): array
    {
        $map = $seen = [];
        $trust = $p->sourceTrust === null ? null : implode("\0", $p->sourceTrust);
        $script = $p->meta['script'] ?? '';
        foreach ($p->funcs as $i => [$name, $file, $line]) {
            if ($trust !== null && $file !== '') {
                $this->sourceTrust[$file][$trust] ??= $p->sourceTrust;
            }
            $key = isset($seen[$name]) && $seen[$name] !== $file ? "$name ($file)" : $name;
            // The body of an auto_prepend_file is {main} too: the script's keeps the name in every profile, sampled or not.
            if ($name === '{main}' && $file !== '' && $script !== '') {
                $key = $file === $script ? $name : "$name ($file)";
            }
            $seen[$name] ??= $file;
            if (!isset($this->funcIds[$key])) {
                $this->funcIds[$key] = count($this->funcName);
                $this->funcName[] = $key;
                $this->funcFile[] = $file;
                $this->funcLine[] = $line;
            } elseif ($this->funcFile[$this->funcIds[$key]] === '' && $file !== '') {
                $this->funcFile[$this->funcIds[$key]] = $file;
                $this->funcLine[$this->funcIds[$key]] = $line;
            }
            $map[$i] = $this->funcIds[$key];
        }
        return $map;
    }

    private function mapCounters(Profile $p, int $side, int $weight): array
    {
        $map = [];
        foreach ($p->counters as $k => $name) {
            if (!isset($this->counterIds[$name])) {
                $this->counterIds[$name] = count($this->counterName);
                $this->counterName[] = $name;
                $this->counterUnit[] = $p->units[$name] ?? counter_unit($name);
            }
            $c = $map[$k] = $this->counterIds[$name];
            $this->counterProfiles[$side][$c] = ($this->counterProfiles[$side][$c] ?? 0) + $weight;
        }
        if ($p->countsCalls) {
            $this->counterProfiles[$side][-1] = ($this->counterProfiles[$side][-1] ?? 0) + $weight;
        }
        return $map;
    }

    /**
     * The key of a pair ($low below FUNC_SPACE): a node among its parent's
     * children (parent + 1, function), a call edge (caller, callee), a
     * function's line. One pair, one key; the low bits mixed by $mix.
     */
    public static function pair(int $high, int $low): int
    {
        return $high << 24 | (($low + $high * self::$mix) & 0xffffff);
    }

    /** The node of $func under $parent (-1: a root), made on first sight. */
    public function node(int $parent, int $func): int
    {
        $key = self::pair($parent + 1, $func);
        $node = $this->children[$key] ?? null;
        if ($node === null) {
            $node = $this->children[$key] = count($this->parent);
            $this->parent[] = $parent;
            $this->func[] = $func;
        }
        return $node;
    }

    private function addPaths(Profile $p, int $side, array $funcs, array $counters): void
    {
        $nodes = [];
        $calls = &$this->calls[$side];
        $own = &$this->own[$side];
        $root = 0;
        if ($this->byLabels) {
            $labels = profile_labels($p);
            $key = json_encode($labels, JSON_INVALID_UTF8_SUBSTITUTE);
            if (!isset($this->labelSetIds[$key])) {
                $this->labelSetIds[$key] = count($this->labelSets);
                $this->labelSets[] = $labels;
            }
            $root = $this->node(-1, -1 - $this->labelSetIds[$key]) + 1;
        }
        foreach ($p->parent as $i => $parent) {
            // node(), inlined: this loop runs for every node of every profile.
            $up = $parent < 0 ? $root : $nodes[$parent] + 1;
            $f = $funcs[$p->func[$i]];
            $n = $this->children[$up << 24 | (($f + $up * self::$mix) & 0xffffff)] ?? $this->node($up - 1, $f);
            $nodes[$i] = $n;
            $calls[$n] = ($calls[$n] ?? 0) + $p->calls[$i];
            foreach ($p->own[$i] as $k => $v) {
                if ($v) {
                    $c = $counters[$k];
                    $own[$c][$n] = ($own[$c][$n] ?? 0) + $v;
                }
            }
        }
    }

    private function addLines(array $from, array &$to, array $funcs, array $counters): void
    {
        foreach ($from as $func => $lines) {
            $f = $funcs[$func];
            foreach ($lines as $line => [$calls, $costs]) {
                $at = &$to[$f][$line];
                $at ??= [0, []];
                $at[0] += $calls;
                foreach ($costs as $k => $v) {
                    $at[1][$counters[$k]] = ($at[1][$counters[$k]] ?? 0) + $v;
                }
                unset($at);
            }
        }
    }

    private function addGraph(Profile $p, int $side, array $funcs, array $counters): void
    {
        foreach ($p->flat as $i => [$calls, $own, $inclusive]) {
            $f = $funcs[$i];
            $this->gCalls[$side][$f] = ($this->gCalls[$side][$f] ?? 0) + $calls;
            foreach ($own as $k => $v) {
                $this->gOwn[$side][$counters[$k]][$f] = ($this->gOwn[$side][$counters[$k]][$f] ?? 0) + $v;
            }
            foreach ($inclusive as $k => $v) {
                $this->gIncl[$side][$counters[$k]][$f] = ($this->gIncl[$side][$counters[$k]][$f] ?? 0) + $v;
            }
        }
        foreach ($p->edges as [$caller, $callee, $calls, $inclusive]) {
            $caller = $funcs[$caller];
            $callee = $funcs[$callee];
            $edge = &$this->gEdges[$side][self::pair($caller, $callee)];
            $edge ??= [$caller, $callee, 0, []];
            $edge[2] += $calls;
            foreach ($inclusive as $k => $v) {
                $edge[3][$counters[$k]] = ($edge[3][$counters[$k]] ?? 0) + $v;
            }
            unset($edge);
        }
    }
}

Model::$mix = random_int(1 << 20, (1 << 24) - 1) | 1;

/**
 * A side of the model as bench.so reads it (src/dump/merge.c: its views,
 * bench_internal_profile_views(), and its writers, bench_internal_write_profile()):
 * the counters $counters (model ids, slots 0 to n - 1 there), the functions,
 * the tree with the side's calls and own costs, and what profiles with call
 * edges only gave. (main() and bench instr make sure that bench.so is there.)
 */
function model_array(Model $m, int $side, array $counters): array
{
    $array = [
        'counters' => array_map(fn($c) => [$m->counterName[$c], $m->counterUnit[$c]], $counters),
        'functions' => array_map(fn($f) => [$m->funcName[$f], $m->funcFile[$f], $m->funcLine[$f]], array_keys($m->funcName)),
        'parent' => $m->parent, 'func' => $m->func, 'calls' => $m->calls[$side], 'own' => $m->own[$side],
    ];
    if ($m->graphProfiles[$side]) {
        $array['graph'] = ['calls' => $m->gCalls[$side], 'own' => $m->gOwn[$side], 'inclusive' => $m->gIncl[$side], 'edges' => array_values($m->gEdges[$side])];
    }
    // Some of the counters (the views read more than bench.so holds in turns): their costs under their slots.
    if ($counters !== array_keys($m->counterName)) {
        $slot = array_flip($counters);
        $pick = function (array $costs) use ($slot): array {
            $picked = [];
            foreach ($slot as $c => $k) {
                if (isset($costs[$c])) {
                    $picked[$k] = $costs[$c];
                }
            }
            return $picked;
        };
        $array['own'] = $pick($array['own']);
        if (isset($array['graph'])) {
            $array['graph']['own'] = $pick($array['graph']['own']);
            $array['graph']['inclusive'] = $pick($array['graph']['inclusive']);
            $array['graph']['edges'] = array_map(fn($e) => [$e[0], $e[1], $e[2], $pick($e[3])], $array['graph']['edges']);
        }
    }
    return $array;
}
