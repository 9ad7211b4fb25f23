--TEST--
bench.start=trigger: BENCH_TRIGGER with the right secret profiles the request; a wrong one or none does not, and a wrong one is counted in bench_info() and logged, the first of a process, for the operator (not shown to the client); an empty secret takes any value
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$code = '<?php function f() { return 1; } echo f(), ", refused ", bench_info()["profiles"]["refused_triggers"], "\n";';
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
    // The CLI's error log, with no error_log set, is stderr: the notice comes after the output.
    $output = str_replace("\n", ' | ', trim($run['output']));
    printf("%-13s output %s, profiles %d, f calls %s\n", $label, $output, count($run['files']), $calls);
}
?>
--EXPECT--
right secret  output 1, refused 0, profiles 1, f calls 1
wrong secret  output PHP Notice:  bench: a request's BENCH_TRIGGER is not bench.trigger_secret: not profiled; later ones in this process are counted in bench_info()['profiles']['refused_triggers'], not logged | 1, refused 1, profiles 0, f calls -
longer value  output PHP Notice:  bench: a request's BENCH_TRIGGER is not bench.trigger_secret: not profiled; later ones in this process are counted in bench_info()['profiles']['refused_triggers'], not logged | 1, refused 1, profiles 0, f calls -
no trigger    output 1, refused 0, profiles 0, f calls -
empty secret  output 1, refused 0, profiles 1, f calls 1
