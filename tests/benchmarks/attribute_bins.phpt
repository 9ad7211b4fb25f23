--TEST--
benchmarks/attribute: own instructions per C function from kept callgrind files (compressed names, call costs left to the callee), per call, in bins, compared under the noise rule
--FILE--
<?php
require __DIR__ . '/fixtures.inc';
$dir = fixture_dir();
// A warm dump as callgrind writes one with --separate-callers: names given once, "(id)" after; a cfn= can
// name a function first; the line after calls= is the callee's inclusive cost, not the caller's own.
$dump = fn(int $handler, int $alloc, int $hash, int $mine) => <<<OUT
# callgrind format
version: 1
positions: line
events: Ir
summary: 1

ob=(1) /usr/bin/php
fl=(1) ???
fn=(10) execute_ex'zend_execute
0 $handler
cfn=(11) _emalloc'execute_ex
calls=4 0
* 99999
fn=(11)
0 $alloc
+2 1
fn=(12) zend_hash_find_known_hash'execute_ex
0 $hash
fn=(13) my_ext_parse'zif_my_parse
-3 $mine
fn=(14) 0x00000000003490f0'execute_ex
* 7
OUT;
foreach (['A' => [4000, 400, 200, 100], 'B' => [4000, 600, 202, 50]] as $label => $costs) {
    fixture_result($dir, $label, 'one', []);
    $result = json_decode(file_get_contents("$dir/$label/one.json"), true);
    file_put_contents("$dir/$label/one.json", json_encode($result + ['callgrind_k' => 2]));
    mkdir("$dir/$label/callgrind");
    file_put_contents("$dir/$label/callgrind/one.warm.out", $dump(...$costs));
}
$show = function (string $args) use ($dir) {
    [$status, $out] = fixture_tool('attribute', $args, $dir);
    echo "exit $status\n", str_replace($dir, 'DIR', implode("\n", $out)), "\n";
};
$show('A --top=3');
// hash tables +1% is over the floor (0.1%); with an absolute threshold of 2 instructions a call, it is noise.
$show('B A --focus=^my_ext_');
file_put_contents("$dir/t.json", json_encode(['metrics' => array_map(fn() => ['relative' => 0.001, 'absolute' => 2.0],
    array_flip(['wall_ns', 'cpu_ns', 'instructions', 'cycles', 'allocs', 'alloc_bytes', 'unfreed', 'retained_bytes', 'ops', 'peak_bytes', 'leaked_bytes', 'gc_collected',
    'cold.wall_ns', 'cold.cpu_ns', 'cold.instructions', 'cold.allocs', 'cold.alloc_bytes', 'cold.ops']))]));
$show("A B --focus=^my_ext_ --top=1 --thresholds=$dir/t.json");
fixture_clean($dir);
?>
--EXPECT--
exit 0
one: 2354.0 warm instructions per call
  vm                 2000.0   85.0%
  allocator           200.5    8.5%
  hash tables         100.0    4.2%
  strings               0.0    0.0%
  bench                 0.0    0.0%
  other                53.5    2.3%
        2000.0  vm           execute_ex'zend_execute
         200.5  allocator    _emalloc'execute_ex
         100.0  hash tables  zend_hash_find_known_hash'execute_ex
exit 1
thresholds: the floors (no noise file) (instructions: +0.10% and 0.0)
subject                    bin                       B              A    change  verdict
one                        focus                  25.0           50.0  +100.00%  worse
one                        vm                   2000.0         2000.0    +0.00%  noise
one                        allocator             300.5          200.5   -33.28%  better
one                        hash tables           101.0          100.0    -0.99%  better
one                        strings                 0.0            0.0    +0.00%  noise
one                        bench                   0.0            0.0    +0.00%  noise
one                        other                   3.5            3.5    +0.00%  noise
        -100.0  allocator    _emalloc'execute_ex
         +25.0  focus        my_ext_parse'zif_my_parse
          -1.0  hash tables  zend_hash_find_known_hash'execute_ex
2 better, 1 worse, 4 noise
exit 1
thresholds: DIR/t.json (instructions: +0.10% and 2.0)
subject                    bin                       A              B    change  verdict
one                        focus                  50.0           25.0   -50.00%  better
one                        vm                   2000.0         2000.0    +0.00%  noise
one                        allocator             200.5          300.5   +49.88%  worse
one                        hash tables           100.0          101.0    +1.00%  noise
one                        strings                 0.0            0.0    +0.00%  noise
one                        bench                   0.0            0.0    +0.00%  noise
one                        other                   3.5            3.5    +0.00%  noise
        +100.0  allocator    _emalloc'execute_ex
1 better, 1 worse, 5 noise
