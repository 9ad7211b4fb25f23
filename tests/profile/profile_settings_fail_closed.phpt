--TEST--
Profile mode: settings that guard who is profiled and what disk profiles take fail closed: an invalid bench.start profiles nothing, an invalid bench.output_max_mb writes nothing
--DESCRIPTION--
bench.start=Trigger (a typo of trigger) warned "using the default" and then
profiled every request (the default is "request"), although the operator had
asked for secret-gated profiling; bench.output_max_mb=10MB lifted the cap to
the default 1 GB. Each now warns and does least: no request starts a profile
(bench_start() still does), and no profile is written (a counted drop). The
valid spellings still work, and ini_get() shows the value as given.
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$script = '<?php function f() {} f(); echo "start: ", ini_get("bench.start"), "\n";
if (isset($_SERVER["argv"]) && getenv("CALL_START")) { var_dump(bench_start()); f(); }
register_shutdown_function(function () { echo json_encode(bench_info()["profiles"]), "\n"; });';
foreach (['Trigger', 'trigger', 'request'] as $start) {
    $run = profile_run($script, ['bench.start' => $start]);
    echo trim($run['output']), "\n  -> profiles written: ", count($run['files']), "\n";
}
// bench_start() still starts one: an explicit call is the script's own choice.
$run = profile_run($script, ['bench.start' => 'Trigger'], 'json', ['CALL_START' => '1']);
echo trim($run['output']), "\n  -> profiles written: ", count($run['files']), "\n";
foreach (['10MB', '10'] as $max) {
    $run = profile_run($script, ['bench.output_max_mb' => $max]);
    echo trim($run['output']), "\n  -> profiles written: ", count($run['files']), "\n";
}
?>
--EXPECT--
Warning: Invalid bench.start "Trigger" (expected request, trigger or api); no request is profiled unless it calls bench_start()
start: Trigger
{"written":0,"dropped":0,"empty":0,"lost":0,"refused_triggers":0}
  -> profiles written: 0
start: trigger
{"written":0,"dropped":0,"empty":0,"lost":0,"refused_triggers":0}
  -> profiles written: 0
start: request
{"written":0,"dropped":0,"empty":0,"lost":0,"refused_triggers":0}
  -> profiles written: 1
Warning: Invalid bench.start "Trigger" (expected request, trigger or api); no request is profiled unless it calls bench_start()
start: Trigger
bool(true)
{"written":0,"dropped":0,"empty":0,"lost":0,"refused_triggers":0}
  -> profiles written: 1
Warning: Invalid bench.output_max_mb "10MB" (expected a number of megabytes, 0 for no cap); no profile is written
start: request
{"written":0,"dropped":0,"empty":0,"lost":0,"refused_triggers":0}

Warning: bench: profile dropped: bench.output_max_mb is invalid; later ones in this process are counted in bench_info(), not repeated
  -> profiles written: 0
start: request
{"written":0,"dropped":0,"empty":0,"lost":0,"refused_triggers":0}
  -> profiles written: 1
