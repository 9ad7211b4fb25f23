--TEST--
bench.start=trigger: BENCH_TRIGGER with the right secret profiles the request; a wrong one or none does not; an empty secret takes any value
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$code = '<?php function f() { return 1; } echo f() + count(bench_info()["profiles"]), "\n"; // 1 + written, dropped, empty, lost';
$cases = [
    'right secret' => [['bench.trigger_secret' => 's3cret'], ['BENCH_TRIGGER' => 's3cret']],
    'wrong secret' => [['bench.trigger_secret' => 's3cret'], ['BENCH_TRIGGER' => 's3cre']],
    'longer value' => [['bench.trigger_secret' => 's3cret'], ['BENCH_TRIGGER' => 's3cret2']],
    'no trigger'   => [['bench.trigger_secret' => 's3cret'], []],
    'empty secret' => [[], ['BENCH_TRIGGER' => 'anything']],
];
foreach ($cases as $label => [$ini, $env]) {
    $run = profile_run($code, $ini + ['bench.start' => 'trigger'], 'json', $env);
    $calls = $run['files'] ? profile_function(profile_json($run), 'f')['calls'] : '-';
    printf("%-13s output %s, profiles %d, f calls %s\n", $label, $run['output'], count($run['files']), $calls);
}
?>
--EXPECT--
right secret  output 5, profiles 1, f calls 1
wrong secret  output 5, profiles 0, f calls -
longer value  output 5, profiles 0, f calls -
no trigger    output 5, profiles 0, f calls -
empty secret  output 5, profiles 1, f calls 1
