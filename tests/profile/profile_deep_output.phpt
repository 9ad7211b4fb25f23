--TEST--
Profile mode: a recursion 300,000 calls deep under a raised bench.max_depth, in folded stacks or pprof, ends at bench.output_max_mb in well under a second instead of formatting its quadratic output on
--DESCRIPTION--
Folded stacks and pprof's samples write each call path whole: a recursion n
deep has n paths of 1 to n frames, n^2/2 frames in all (4.5e10 here). Once
the output passed bench.output_max_mb the writer went on formatting into
nothing, and the request's end hung: at 100,000 deep the build before was
still running after 100 s in folded, 32 s in pprof, and 300,000 takes nine
times as long, far past the 30 s bound on any machine. It now stops there
(0.2 s): the profile is dropped, warned and counted, and the process goes
on. Paths are also walked without recursion in C, whose stack a path as deep
as bench.max_depth allows could overflow. Not under valgrind, where the
recursion alone takes long.
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip();
if (getenv('SKIP_PERF_SENSITIVE')) die('skip the recursion is slow under valgrind'); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
foreach (['folded', 'pprof'] as $format) {
    $run = profile_run(<<<'PHP'
    <?php
    function r(int $n): int { return $n ? r($n - 1) + 1 : 0; }
    echo r(300000), "\n";
    PHP, ['bench.max_depth' => '1000000', 'bench.output_max_mb' => '8', 'bench.compress' => 'none'], $format, [], ['timeout', '30']);
    echo "$format: ", preg_replace('/ in \S+ on line \d+/', '', $run['output']), "\n";
    echo "exit status: {$run['status']}, files: ", count($run['files']), "\n";
}
?>
--EXPECTF--
folded: 300000

Warning: bench: profile dropped: the bench files in %s would pass bench.output_max_mb=8; later ones in this process are counted in bench_info(), not repeated
exit status: 0, files: 0
pprof: 300000

Warning: bench: profile dropped: the bench files in %s would pass bench.output_max_mb=8; later ones in this process are counted in bench_info(), not repeated
exit status: 0, files: 0
