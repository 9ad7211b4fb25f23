--TEST--
bench.trace_min_us and bench.trace_max_events: bad values warn and take the default; the trace in sample mode warns and takes sample mode's default format; a trace file ends in .trace.json, and the report says what it left out
--SKIPIF--
<?php require __DIR__ . '/trace.inc'; sample_mode_skip(); ?>
--FILE--
<?php
require __DIR__ . '/trace.inc';
foreach ([['bench.trace_min_us' => '-1'], ['bench.trace_min_us' => '1e3'], ['bench.trace_max_events' => '0'],
        ['bench.trace_max_events' => '10000001']] as $ini) {
    $run = trace_run('<?php function f() {} f();', $ini);
    $o = $run['trace']['otherData'];
    echo trim($run['output']), "\n  -> min {$o['trace_min_us']} us, max {$o['trace_max_events']} events\n";
}
$run = profile_run('<?php function f() { usleep(30000); } f();', ['bench.mode' => 'sample', 'bench.sample_interval_us' => '1000'], 'trace');
echo trim($run['output']), "\n  -> written: ", implode(',', array_map(fn($n) => preg_replace('/^bench\.\d+T\d+Z\.\d+\.\d+\./', '', $n), array_keys($run['files']))), "\n";
$run = profile_run('<?php function f() { usleep(200); } for ($i = 0; $i < 5; $i++) { f(); } function g() {} g();',
    ['bench.report' => '1', 'bench.trace_max_events' => '3'], 'trace');
echo preg_replace('~/\S+/bench\.\d+T\d+Z\.\d+\.1\.~', 'DIR/bench.NAME.', implode("\n", array_slice(explode("\n", $run['output']), -3))), "\n";
// bench's report reads a timeline as a profile too: its spans are the call paths.
$file = sys_get_temp_dir() . '/bench.trace-test-' . getmypid() . '.trace.json';
file_put_contents($file, current($run['files']));
exec(sprintf('%s -n -d extension=%s %s top %s --quiet 2>&1', PHP_BINARY, escapeshellarg(getenv('BENCH_SO')), escapeshellarg(__DIR__ . '/../../bin/bench'),
    escapeshellarg($file)), $out, $status);
unlink($file);
echo "bench top: ", preg_replace('/,.*/', '', $out[0] ?? ''), "; f among its functions: ", preg_grep('/ f$/', $out) ? 'yes' : 'no', "; exit status $status\n";
?>
--EXPECTF--
Warning: Invalid bench.trace_min_us "-1" (expected a number of microseconds from 0 to 60000000); using the default
  -> min 100 us, max 5000 events
Warning: Invalid bench.trace_min_us "1e3" (expected a number of microseconds from 0 to 60000000); using the default
  -> min 100 us, max 5000 events
Warning: Invalid bench.trace_max_events "0" (expected a number from 1 to 10000000); using the default
  -> min 100 us, max 5000 events
Warning: Invalid bench.trace_max_events "10000001" (expected a number from 1 to 10000000); using the default
  -> min 100 us, max 5000 events
Warning: bench.output_format=trace needs bench.mode=profile (sample mode knows no call's start or end); using the default
  -> written: pb
trace: %d calls; 1 shorter than bench.trace_min_us=100 folded into their caller, %d dropped past bench.trace_max_events=3 (the shortest), 0 unfinished
profile: DIR/bench.NAME.trace.json (%d bytes, written in %f ms)
open it: speedscope DIR/bench.NAME.trace.json (or load it in Perfetto, ui.perfetto.dev, or chrome://tracing)
bench top: 1 profile (profile mode); f among its functions: yes; exit status 0
