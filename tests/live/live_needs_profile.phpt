--TEST--
bench.track_live=1 outside profile mode: a startup warning says it tracks nothing, and the request runs as without it
--SKIPIF--
<?php require __DIR__ . '/../profile/profile.inc'; sample_mode_skip(); ?>
--FILE--
<?php
require __DIR__ . '/../profile/profile.inc';
foreach (['off', 'sample'] as $mode) {
    $run = profile_run("<?php\necho 'ran, ', count(bench_measure(fn() => str_repeat('x', 10))['warm']), \" counters\\n\";",
        ['bench.mode' => $mode, 'bench.track_live' => '1', 'bench.sample_requests' => '0']);
    echo "$mode: ", trim(preg_replace('/\s+/', ' ', $run['output'])), "\n";
}
?>
--EXPECT--
off: Warning: bench.track_live=1 needs bench.mode=profile: no allocation is tracked ran, 10 counters
sample: Warning: bench.track_live=1 needs bench.mode=profile: no allocation is tracked ran, 10 counters
