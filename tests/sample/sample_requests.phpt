--TEST--
Sample mode: bench.sample_requests and bench.start=trigger choose the requests; bad settings warn and fall back to their defaults, or fail closed where the default samples more (a typo of trigger samples nothing)
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip(); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$code = "<?php usleep(30000); echo 'ran', PHP_EOL;";
printf("sample_requests=0: %d profiles\n", count(sample_run($code, ['bench.sample_requests' => '0'])['files']));
printf("sample_requests=1: %d profiles\n", count(sample_run($code, ['bench.sample_requests' => '1'])['files']));
$trigger = ['bench.start' => 'trigger', 'bench.trigger_secret' => 's3cret'];
printf("trigger, none: %d profiles\n", count(sample_run($code, $trigger)['files']));
printf("trigger, wrong secret: %d profiles\n", count(sample_run($code, $trigger, 'folded', ['BENCH_TRIGGER' => 'nope'])['files']));
printf("trigger, right secret: %d profiles\n", count(sample_run($code, $trigger, 'folded', ['BENCH_TRIGGER' => 's3cret'])['files']));
$run = sample_run($code, ['bench.start' => 'Trigger'], 'folded', ['BENCH_TRIGGER' => 's3cret']);
printf("%s\nTrigger (a typo): %d profiles\n", trim($run['output']), count($run['files']));

$run = sample_run("<?php print_r(bench_info()['sample']);", ['bench.sample_interval_us' => '1000us', 'bench.sample_clock' => 'sundial',
    'bench.sample_internal_calls' => 'sometimes', 'bench.sample_requests' => '1.5', 'bench.alloc_sample_requests' => 'often',
    'bench.alloc_sample_bytes' => '300000000000000000']);
echo $run['output'], "\n";
?>
--EXPECTF--
sample_requests=0: 0 profiles
sample_requests=1: 1 profiles
trigger, none: 0 profiles
trigger, wrong secret: 0 profiles
trigger, right secret: 1 profiles
%AWarning: Invalid bench.start "Trigger" (expected request, trigger or api); no request is profiled unless it calls bench_start()
ran
Trigger (a typo): 0 profiles
%AWarning: Invalid bench.sample_requests "1.5" (expected a number from 0 to 1); no request is sampled
%AWarning: Invalid bench.alloc_sample_requests "often" (expected auto or a number from 0 to 1); no request's allocations are sampled
%AWarning: Invalid bench.sample_interval_us "1000us" (expected 100 to 10000000); using the default
%AWarning: Invalid bench.sample_clock "sundial" (expected wall or cpu); using the default
%AWarning: Invalid bench.sample_internal_calls "sometimes" (expected ticker or wrapper); using the default
%AWarning: Invalid bench.alloc_sample_bytes "300000000000000000" (expected a number of bytes up to 1 TiB, 0 for none); no allocation is sampled
%AArray
(
    [ticker] =>%r( )?%r
    [ticker_thread] =>%r( )?%r
    [time_samples] => on
    [requests_without_time_samples] => 0
    [stack_reads_dropped] => 0
    [interval_us] => 10000
    [clock] => wall
    [alloc_sample_bytes] => 0
    [alloc_sample_requests] => 0
    [native_stacks] =>%S
    [cpu_native_frames] => off (bench.sample_signal=0)
    [internal_calls] => %s
    [frameless_calls] => %s
)
