--TEST--
bench_internal_profile_views(), the views bin/bench reads from bench.so: calls, own and inclusive costs per function (a recursion counted once), edges with their calls and inclusive costs, totals, keyed by the arrays' ids ({request} too), with edges-only profiles added; hostile arrays (an index out of range, a cost that is not an integer, a sum past int64, too many counters) throw, never crash
--EXTENSIONS--
bench
--FILE--
<?php
// {request} -> main -> f -> f (a recursion) and main -> g; counters wall_ns and allocs.
$good = [
    'counters' => [['wall_ns', 'ns'], ['allocs', 'count']],
    'functions' => [['main', '/a.php', 2], ['{request}', '', 0], ['f', '/a.php', 5], ['g', '', 0], ['unused', '', 0]],
    'parent' => [-1, 0, 1, 2, 1],
    'func' => [1, 0, 2, 2, 3],
    'calls' => [1, 1, 2, 3, 4],
    'own' => [0 => [0 => 1, 1 => 10, 2 => 100, 3 => 1000, 4 => 10000], 1 => [2 => 7]],
];
$show = function (array $v): void {
    echo 'calls ', json_encode($v['calls']), "\nown ", json_encode($v['own']), "\nincl ", json_encode($v['incl']),
        "\nedges ", json_encode($v['edges']), "\ntotal ", json_encode($v['total']), "\n";
};
$show(bench_internal_profile_views($good));

echo "-- with a profile of call edges only (g calls unused)\n";
$show(bench_internal_profile_views($good + ['graph' => ['calls' => [3 => 1, 4 => 5], 'own' => [0 => [3 => 2, 4 => 3]],
    'inclusive' => [0 => [3 => 5, 4 => 3]], 'edges' => [[3, 4, 5, [0 => 3]]]]]));

// Arrays that hold references (a foreach by reference leaves them) read as their values.
$refs = $good;
$costs = $good['own'][0];
$refs['own'][0] = &$costs;
foreach ($refs['func'] as &$func) {
}
unset($func);
echo 'references: ', bench_internal_profile_views($refs) === bench_internal_profile_views($good) ? 'the same views' : 'other views', "\n";

// A comb: a chain of 150,000 calls of g, each with a call of h under it. Each h's inclusive cost counts (no h above it):
// a walk up from every node to find a recursion took 10^10 steps here; one pass takes 300,000.
$n = 150_000;
$comb = ['counters' => [['wall_ns', 'ns']], 'functions' => [['{request}', '', 0], ['g', '', 0], ['h', '', 0]],
    'parent' => [-1], 'func' => [0], 'calls' => [], 'own' => [0 => []]];
for ($i = 1; $i <= $n; $i++) {
    array_push($comb['parent'], $i === 1 ? 0 : 2 * $i - 3, 2 * $i - 1);
    array_push($comb['func'], 1, 2);
}
$comb['calls'] = array_fill(1, 2 * $n, 1);
$comb['own'][0] = array_fill(1, 2 * $n, 1);
$start = hrtime(true);
$v = bench_internal_profile_views($comb);
$seconds = (hrtime(true) - $start) / 1e9;
printf("comb: incl %s, calls %s, %s\n", json_encode($v['incl'][0]), json_encode($v['calls']),
    getenv('SKIP_PERF_SENSITIVE') || $seconds < 5 ? 'in linear time' : "$seconds s");
unset($comb, $v);

echo "-- hostile\n";
$cases = [
    'parent after the node' => ['parent' => [-1, 3, 1, 2, 1]] + $good,
    'function out of range' => ['func' => [1, 0, 2, 2, 99]] + $good,
    'negative function' => ['func' => [1, 0, -1, 2, 3]] + $good,
    'node out of range' => ['calls' => [7 => 1]] + $good,
    'counter out of range' => ['own' => [2 => [0 => 1]]] + $good,
    'a float cost' => ['own' => [0 => [1 => 1.5]]] + $good,
    'a string cost' => ['own' => [0 => [1 => '12']]] + $good,
    'costs not an array' => ['own' => [0 => 5]] + $good,
    'a sum past int64' => ['own' => [0 => [3 => PHP_INT_MAX, 4 => 1]]] + $good,
    // f -> f -> f: the edge f -> f sums both nested nodes' inclusive costs, 2 x (2^62), where the magnitudes sum to 2^62.
    'a recursive edge past int64' => ['parent' => [-1, 0, 1, 2, 1, 3], 'func' => [1, 0, 2, 2, 3, 2], 'own' => [0 => [5 => 1 << 62]]] + $good,
    'negative calls' => ['calls' => [2 => -1]] + $good,
    'parent and func differ' => ['func' => [1, 0]] + $good,
    'a function not a list' => ['functions' => [['main', '/a.php', 2], 'f']] + $good,
    '18 counters' => ['counters' => array_fill(0, 18, ['c', 'count'])] + $good,
    'graph not an array' => $good + ['graph' => 1],
    'an edge out of range' => $good + ['graph' => ['edges' => [[0, 9, 1, []]]]],
    'an edge without costs' => $good + ['graph' => ['edges' => [[0, 1, 1]]]],
];
foreach ($cases as $what => $profile) {
    try {
        bench_internal_profile_views($profile);
        echo "$what: no exception\n";
    } catch (Throwable $e) {
        printf("%s: %s %d %s\n", $what, get_class($e), $e->getCode(), $e->getMessage());
    }
}

echo "-- Views::of, 20 counters (two callgrind files of 10 events each): read in turns of 17\n";
require __DIR__ . '/../../report/main.php';
$dir = sys_get_temp_dir() . '/bench-views-internal-' . getmypid();
@mkdir($dir);
foreach ([1, 2] as $file) {
    $events = array_map(fn($i) => 'e' . ($i + 10 * ($file - 1)), range(1, 10));
    $costs = fn(int $x) => implode(' ', array_fill(0, 10, $x * $file));
    file_put_contents("$dir/callgrind.out.$file", "# callgrind format\nevents: " . implode(' ', $events) . "\nfl=/a.php\nfn=main\n1 {$costs(1)}\n"
        . "cfn=f\ncalls=2 1\n2 {$costs(10)}\nfn=f\n1 {$costs(10)}\n");
}
$m = new Bench\Report\Model();
Bench\Report\load(["$dir/callgrind.out.1", "$dir/callgrind.out.2"], Bench\Report\Options::parse(['bench', 'top', 'x', '--quiet']), $m);
$v = Bench\Report\Views::of($m);
foreach ([0, 16, 17, 19] as $c) {
    printf("%s: own %s, incl %s, total %d, edge costs %s\n", $m->counterName[$c], json_encode($v->own[$c]), json_encode($v->incl[$c]), $v->total[$c],
        json_encode(array_map(fn($e) => $e[3][$c] ?? 0, $v->edges)));
}
echo 'calls ', json_encode($v->calls), ', edges ', json_encode(array_map(fn($e) => array_slice($e, 0, 3), $v->edges)), "\n";
array_map('unlink', glob("$dir/*"));
rmdir($dir);
?>
--EXPECT--
calls {"0":1,"2":5,"3":4,"1":1}
own [{"0":10,"2":1100,"3":10000,"1":1},{"2":7}]
incl [{"0":11110,"2":1100,"3":10000,"1":11111},{"0":7,"2":7,"1":7}]
edges [[1,0,1,[11110,7]],[0,2,2,[1100,7]],[2,2,3,[1000]],[0,3,4,[10000]]]
total [11111,7]
-- with a profile of call edges only (g calls unused)
calls {"0":1,"2":5,"3":5,"4":5,"1":1}
own [{"0":10,"2":1100,"3":10002,"4":3,"1":1},{"2":7}]
incl [{"0":11110,"2":1100,"3":10005,"4":3,"1":11111},{"0":7,"2":7,"1":7}]
edges [[1,0,1,[11110,7]],[0,2,2,[1100,7]],[2,2,3,[1000]],[0,3,4,[10000]],[3,4,5,[3]]]
total [11116,7]
references: the same views
comb: incl {"1":300000,"2":150000,"0":300000}, calls {"1":150000,"2":150000,"0":0}, in linear time
-- hostile
parent after the node: Exception 0 bench_internal_profile_views(): node 1 has a parent or function out of range
function out of range: Exception 0 bench_internal_profile_views(): node 4 has a parent or function out of range
negative function: Exception 0 bench_internal_profile_views(): node 2 has a parent or function out of range
node out of range: Exception 0 bench_internal_profile_views(): an index is out of range
counter out of range: Exception 0 bench_internal_profile_views(): an index is out of range
a float cost: Exception 2 a merged count or cost passes the largest 64-bit integer
a string cost: Exception 0 bench_internal_profile_views(): a count is not an integer
costs not an array: Exception 0 bench_internal_profile_views(): costs are not [counter => [index => value]]
a sum past int64: Exception 2 a merged count or cost passes the largest 64-bit integer
a recursive edge past int64: Exception 2 a merged count or cost passes the largest 64-bit integer
negative calls: Exception 0 a merged count of calls is below 0
parent and func differ: Exception 0 bench_internal_profile_views(): "parent" and "func" differ in length
a function not a list: Exception 0 bench_internal_profile_views(): a function is not [name, file, line]
18 counters: Exception 0 more than 17 counters, as many as one profile of bench has
graph not an array: Exception 0 bench_internal_profile_views(): "graph" is not an array
an edge out of range: Exception 0 bench_internal_profile_views(): an index is out of range
an edge without costs: Exception 0 bench_internal_profile_views(): an edge is not [caller, callee, calls, costs]
-- Views::of, 20 counters (two callgrind files of 10 events each): read in turns of 17
e1: own [1,10], incl [11,10], total 11, edge costs [10]
e17: own [2,20], incl [22,20], total 22, edge costs [20]
e18: own [2,20], incl [22,20], total 22, edge costs [20]
e20: own [2,20], incl [22,20], total 22, edge costs [20]
calls [0,4], edges [[0,1,4]]
