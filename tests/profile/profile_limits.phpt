--TEST--
Profile mode: past bench.max_depth frames fold into the capped node, past bench.max_nodes new paths fold into their parent; both are counted and sums stay exact
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
// 5000-deep recursion with the cap at 100 frames ({request} and {main} are the first two).
$run = profile_run('<?php function down($n) { return $n === 0 ? 0 : 1 + down($n - 1); } echo down(4999), "\n";',
    ['bench.max_depth' => '100', 'bench.report' => '1']);
// The report says what was folded.
echo preg_grep('/^folded:/', explode("\n", $run['output'])) ? current(preg_grep('/^folded:/', explode("\n", $run['output']))) : 'no folded line', "\n";
$deep = profile_json($run);
$down = profile_function($deep, 'down');
printf("depth: down calls=%d, folded_depth=%d, nodes=%d, %s\n", $down['calls'], $deep['folded_depth'], $deep['nodes'], profile_check_sums($deep));

// 50 functions called from {main}, room for 10 nodes: the rest fold into {main}.
$code = '<?php ';
for ($i = 0; $i < 50; $i++) {
    $code .= "function f$i() { return str_repeat('x', 3); } f$i(); ";
}
$wide = profile_json(profile_run($code, ['bench.max_nodes' => '10']));
$main = profile_function($wide, '{main}');
printf("nodes: nodes=%d, folded_nodes=%d, functions=%d, {main} calls=%d allocs=%d, %s\n", $wide['nodes'], $wide['folded_nodes'],
    count($wide['functions']), $main['calls'], $main['own']['allocs'], profile_check_sums($wide));
?>
--EXPECT--
folded: 4902 calls deeper than bench.max_depth into the frame at the cap, 0 calls on paths past bench.max_nodes into their parent
depth: down calls=5000, folded_depth=4902, nodes=100, sums exact
nodes: nodes=10, folded_nodes=42, functions=10, {main} calls=43 allocs=42, sums exact
