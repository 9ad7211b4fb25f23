--TEST--
Sample mode: time in an internal function is charged to it (the leaf), busy user code to its function, and the sampled time adds up to the request's
--DESCRIPTION--
Wall-clock samples every 10 ms. nap() sleeps 300 ms in usleep(): the sample
is taken right after usleep returns (PHP 8.2: the execute_internal wrapper;
8.4: the VM, with the internal frame still on top), weighed by the ticks that
passed, so usleep owns at least 90% of nap's samples; only a tick landing in
nap's own few opcodes could go elsewhere (false failure: none seen in 200 runs).
spin() busy-waits 200 ms: at least 150 ms of samples under it, unless the
machine stalls the process for 50 ms (rare on a loaded VM; ticks missed while
stalled still count, as the ticker adds the ticks it slept through).
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$run = sample_run(<<<'PHP'
<?php
function spin() { $t = hrtime(true); while (hrtime(true) - $t < 200e6) {} }
function nap() { usleep(300000); }
spin();
nap();
echo "done\n";
PHP);
echo $run['output'], "\n";
$paths = sample_folded(current($run['files']));
$nap = sample_weight($paths, '{request};{main};nap');
$usleep = $paths['{request};{main};nap;usleep'] ?? 0;
$spin = sample_weight($paths, '{request};{main};spin');
$total = array_sum($paths);
printf("usleep owns >= 90%% of nap: %s\n", $usleep >= 0.9 * $nap ? 'yes' : "no ($usleep of $nap)");
printf("nap about 300 ms: %s\n", $nap >= 280e6 && $nap <= 400e6 ? 'yes' : "no ($nap)");
printf("spin >= 150 ms: %s\n", $spin >= 150e6 ? 'yes' : "no ($spin)");
printf("total within the run: %s\n", $total >= 450e6 && $total <= 5e9 ? 'yes' : "no ($total)");
?>
--EXPECT--
done
usleep owns >= 90% of nap: yes
nap about 300 ms: yes
spin >= 150 ms: yes
total within the run: yes
