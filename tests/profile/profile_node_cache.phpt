--TEST--
Profile mode: each function's run-time cache remembers the node of its last call; a call from another parent, another line or another profile of the same request finds its own node, and calls past bench.max_nodes are each counted
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';

$edges = function (array $p): string {
    $out = [];
    foreach ($p['edges'] as $e) {
        $out[] = "{$e['caller']}->{$e['callee']}@{$e['call_line']}:{$e['calls']}";
    }
    sort($out);
    return implode(' ', $out);
};
$sums = function (array $p): string {
    foreach ($p['totals'] as $c => $total) {
        if ($p['overhead'][$c] !== null
                && array_sum(array_map(fn($f) => $f['own'][$c], $p['functions'])) + $p['overhead'][$c] !== $total) {
            return "$c does not add up";
        }
    }
    return 'sums exact';
};

// Two profiles in one request. The second makes a() node 3 again, under the same parent ({request}), so leaf()'s
// cache, left by the first profile, names (parent 3, line 6) -> node 4: a node of the first tree only.
$run = profile_run(<<<'PHP'
<?php
function x1() {} function x2() {} function y1() {} function y2() {} function z() { return str_repeat('z', 5); }
function leaf() { return str_repeat('l', 5); }
function a() {
    leaf();
    leaf(); leaf();
}
function b() { leaf(); }
function twice() { for ($i = 0; $i < 3; $i++) { leaf(); leaf(); } }
function down($n) { return $n ? down($n - 1) : leaf(); }
bench_start();
x1(); x2(); a(); a(); b(); b(); b(); twice(); down(3);
$first = bench_stop();
bench_start();
y1(); y2(); a(); z();
$second = bench_stop();
echo json_encode([$first, $second]);
PHP, ['bench.start' => 'api']);
[$first, $second] = json_decode($run['output'], true);
echo "first:  ", $edges($first), "\n        ", $sums($first), "\n";
echo "second: ", $edges($second), "\n        ", $sums($second), "\n";

// Past bench.max_nodes ({request}, {main} and f() take the 3 nodes), each call of g() folds into {main}: counted
// each time, not once.
$p = profile_json(profile_run('<?php function f() {} function g() { return str_repeat("g", 5); } f(); for ($i = 0; $i < 5; $i++) { g(); }',
    ['bench.max_nodes' => '3']));
printf("folded_nodes=%d, {main} calls=%d, %s\n", $p['folded_nodes'], profile_function($p, '{main}')['calls'], profile_check_sums($p));
?>
--EXPECT--
first:  a->leaf@5:2 a->leaf@6:4 b->leaf@8:3 down->down@10:3 down->leaf@10:1 twice->leaf@9:6 {request}->a@0:2 {request}->b@0:3 {request}->down@0:1 {request}->twice@0:1 {request}->x1@0:1 {request}->x2@0:1
        sums exact
second: a->leaf@5:1 a->leaf@6:2 {request}->a@0:1 {request}->y1@0:1 {request}->y2@0:1 {request}->z@0:1
        sums exact
folded_nodes=5, {main} calls=6, sums exact
