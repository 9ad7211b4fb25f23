--TEST--
Profile mode: a recursion 100,000 calls deep under a raised bench.max_depth, in folded stacks, ends at bench.output_max_mb in well under a second instead of formatting its quadratic output on
--DESCRIPTION--
Folded stacks write each call path whole: a recursion n deep has n paths of 1
to n frames, n^2/2 frames in all (5e9 here). Once the output passed
bench.output_max_mb the writer went on formatting into nothing, and the
request's end hung for minutes (the build before: still running after 100 s).
It now stops there: the profile is dropped, warned and counted, and the
process goes on. Paths are also walked without recursion in C, whose stack a
path as deep as bench.max_depth allows could overflow. 30 s is the bound
(0.15 s here); not under valgrind, where the recursion alone takes long.
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip();
if (getenv('SKIP_PERF_SENSITIVE')) die('skip the recursion is slow under valgrind'); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$run = profile_run(<<<'PHP'
<?php
function r(int $n): int { return $n ? r($n - 1) + 1 : 0; }
echo r(100000), "\n";
register_shutdown_function(function () { echo 'before the dump: ', json_encode(bench_info()['profiles']), "\n"; });
PHP, ['bench.max_depth' => '1000000', 'bench.output_max_mb' => '8'], 'folded', [], ['timeout', '30']);
echo preg_replace('/ in \S+ on line \d+/', '', $run['output']), "\n";
echo "exit status: {$run['status']}, files: ", count($run['files']), "\n";
?>
--EXPECTF--
100000
before the dump: {"written":0,"dropped":0,"empty":0}

Warning: PHP Request Shutdown: bench: profile dropped: the bench files in %s would pass bench.output_max_mb=8; later ones in this process are counted in bench_info(), not repeated
exit status: 0, files: 0
