--TEST--
Profile mode: an unwritable output directory is one warning and a counted drop; bad settings warn and fall back (a boolean too: "maybe" read as off before), or fail closed where the default does more (a number with anything after its digits too: 1e6 read as 1 before)
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
// A directory that does not exist: the request itself works, the profile is dropped and said.
$run = profile_run('<?php echo "served\n"; register_shutdown_function(function () { echo json_encode(bench_info()["profiles"]), "\n"; });',
    ['bench.output_dir' => '/nonexistent/bench']);
echo preg_replace('/bench\.\d+T\d+Z\.\d+\.1/', 'bench.NAME', $run['output']), "\nfiles: ", count($run['files']), "\n";

foreach (['bench.output_format' => 'xml', 'bench.compress' => 'brotli', 'bench.owners' => 'users,ext:', 'bench.max_depth' => '0',
        'bench.max_nodes' => '1e6', 'bench.count_allocs' => 'maybe', 'bench.report' => 'sometimes', 'bench.output_max_mb' => '-1'] as $k => $v) {
    $run = profile_run('<?php function f() {} f();', [$k => $v]);
    $kinds = array_map(fn($n) => preg_replace('/^bench\.\d+T\d+Z\.\d+\.\d+\./', '', $n), array_keys($run['files']));
    // bench.report's default, auto, prints the report in the CLI.
    $output = preg_replace('/\s*\nbench: \S+script\.php, .*/s', "\n  -> reported (auto)", $run['output']);
    echo trim($output), "\n  -> written: ", implode(',', $kinds), "\n";
}
?>
--EXPECT--
served
{"written":0,"dropped":0,"empty":0,"lost":0,"refused_triggers":0}

Warning: bench: cannot write the profile /nonexistent/bench/bench.NAME.json: No such file or directory; later ones in this process are counted in bench_info(), not repeated
files: 0
Warning: Invalid bench.output_format "xml" (expected auto, callgrind, folded, json, pprof or trace); using the default
  -> written: callgrind
Warning: Invalid bench.compress "brotli" (expected auto, gzip, zstd or none); using the default
  -> written: json
Warning: Invalid bench.owners "users,ext:" (expected a comma list of user, internal, all, ext:NAME, prefix:NAME); using "user"
  -> written: json
Warning: Invalid bench.max_depth "0" (expected a positive number); using the default
  -> written: json
Warning: Invalid bench.max_nodes "1e6" (expected a positive number); using the default
  -> written: json
Warning: Invalid bench.count_allocs "maybe" (expected on or off); using the default
  -> written: json
Warning: Invalid bench.report "sometimes" (expected auto, on or off); using the default
  -> reported (auto)
  -> written: json
Warning: Invalid bench.output_max_mb "-1" (expected a number of megabytes, 0 for no cap); no profile is written

Warning: bench: profile dropped: bench.output_max_mb is invalid; later ones in this process are counted in bench_info(), not repeated
  -> written: 
