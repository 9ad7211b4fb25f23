--TEST--
Sample mode: time in an internal function is charged to it (the leaf), busy user code to its function, and the sampled time adds up to the request's
--DESCRIPTION--
Wall-clock samples every 10 ms, once for each way bench.sample_internal_calls
finds an internal function before PHP 8.4 (8.4 ignores the setting: the
ticker always, as the wrapper would turn frameless calls off).
- ticker: the ticker copies the frames running at the tick; the sample, taken
  at the next loop or call, rebuilds that stack from them. The VM of 8.4 also
  checks the interrupt right after an internal call it made, but not after
  usleep called by array_map: there too only the copied frames name usleep.
- wrapper: an execute_internal wrapper samples right after usleep returns.
nap() sleeps 300 ms in usleep(), weighed by the ticks that passed, so usleep
owns at least 90% of nap's samples; only a tick landing in nap's own few
opcodes could go elsewhere (false failure: none seen in 200 runs). mapped()
sleeps 200 ms in usleep called by array_map(), an internal function calling
an internal function: the same 90% for mapped;array_map;usleep.
spin() busy-waits 200 ms: at least 150 ms of samples under it, unless the
machine stalls the process for 50 ms (rare on a loaded VM; ticks missed while
stalled still count, as the ticker adds the ticks it slept through).
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip(); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
foreach (['ticker', 'wrapper'] as $way) {
    $run = sample_run(<<<'PHP'
<?php
function spin() { $t = hrtime(true); while (hrtime(true) - $t < 200e6) {} }
function nap() { usleep(300000); }
function mapped() { array_map('usleep', [100000, 100000]); }
spin();
nap();
mapped();
echo "done\n";
PHP, ['bench.sample_internal_calls' => $way]);
    echo "$way: ", $run['output'], "\n";
    $paths = sample_folded(current($run['files']));
    $nap = sample_weight($paths, '{request};{main};nap');
    $usleep = $paths['{request};{main};nap;usleep'] ?? 0;
    $mapped = sample_weight($paths, '{request};{main};mapped');
    $mapped_usleep = $paths['{request};{main};mapped;array_map;usleep'] ?? 0;
    $spin = sample_weight($paths, '{request};{main};spin');
    $total = array_sum($paths);
    printf("usleep owns >= 90%% of nap: %s\n", $usleep >= 0.9 * $nap ? 'yes' : "no ($usleep of $nap)");
    printf("nap about 300 ms: %s\n", $nap >= 280e6 && $nap <= 400e6 ? 'yes' : "no ($nap)");
    printf("array_map;usleep owns >= 90%% of mapped: %s\n", $mapped_usleep >= 0.9 * $mapped && $mapped >= 180e6
        ? 'yes' : "no ($mapped_usleep of $mapped)");
    printf("spin >= 150 ms: %s\n", $spin >= 150e6 ? 'yes' : "no ($spin)");
    printf("total within the run: %s\n", $total >= 650e6 && $total <= 5e9 ? 'yes' : "no ($total)");
}
?>
--EXPECT--
ticker: done
usleep owns >= 90% of nap: yes
nap about 300 ms: yes
array_map;usleep owns >= 90% of mapped: yes
spin >= 150 ms: yes
total within the run: yes
wrapper: done
usleep owns >= 90% of nap: yes
nap about 300 ms: yes
array_map;usleep owns >= 90% of mapped: yes
spin >= 150 ms: yes
total within the run: yes
