--TEST--
Where the CPU lends hardware counters (perf_event), profile mode's JSON has the instructions per owner that bench instr gives under callgrind: own instructions plus overhead add up to the totals, and a loop 100 times longer grows its function's own instructions by more than 50 times (unverified on this project's machines: no VM here has the counters)
--SKIPIF--
<?php
require __DIR__ . '/../profile/profile.inc';
profile_skip();
$info = json_decode(shell_exec(PHP_BINARY . ' -n -d extension=' . escapeshellarg(getenv('BENCH_SO')) . ' -r "echo json_encode(bench_info()[\'counters\'][\'instructions\']);"'), true);
if (!($info['available'] ?? false)) die('skip no hardware counters: ' . ($info['reason'] ?? 'bench_info() said nothing'));
?>
--FILE--
<?php
require __DIR__ . '/../profile/profile.inc';
$own = [];
foreach ([1000, 100000] as $n) {
    $run = profile_run("<?php function work(\$n) { \$s = 0; for (\$i = 0; \$i < \$n; \$i++) { \$s += \$i; } return \$s; } work($n);");
    $json = json_decode(current($run['files']), true);
    $sum = array_sum(array_map(fn($f) => $f['own']['instructions'] ?? 0, $json['functions'])) + ($json['overhead']['instructions'] ?? 0);
    printf("n=%d: instructions counted: %s; own and overhead add up to the totals: %s\n", $n, in_array('instructions', $json['counters'], true) ? 'yes' : 'no',
        $sum === $json['totals']['instructions'] ? 'yes' : "$sum of {$json['totals']['instructions']}");
    foreach ($json['functions'] as $f) {
        if ($f['name'] === 'work') {
            $own[$n] = $f['own']['instructions'];
        }
    }
}
echo "work() grew more than 50 times: ", ($own[100000] ?? 0) > 50 * ($own[1000] ?? 1) ? 'yes' : json_encode($own), "\n";
?>
--EXPECT--
n=1000: instructions counted: yes; own and overhead add up to the totals: yes
n=100000: instructions counted: yes; own and overhead add up to the totals: yes
work() grew more than 50 times: yes
