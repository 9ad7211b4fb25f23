--TEST--
Sample mode: where opcache's JIT loses loop variables at a VM interrupt, no time samples are raised and every loop computes what it does without bench; bench.sample_with_jit=1 samples anyway
--DESCRIPTION--
JIT code checks the VM interrupt at each loop header and jumps to the VM's
handler without storing the loop variables it keeps in registers: the VM goes
on with stale values. Sampling every 100 us with bench.sample_with_jit=1
(the way every sample was taken before), loops() got wrong values for 4 or 5
of its 6 loops on 8.2's function JIT, 4 or 5 on 8.4's and all 6 on 8.5's
(some runs never ended), and 2 or 3 under the tracing JIT of 8.4 and 8.5, in
each of 5 runs each way; a loop variable read as undefined. So those ways take
no time samples now, and their loops must come out right. The tracing JIT of
8.2 got them right: it is sampled, and its loops came out right in 50
runs (and 20 other loop shapes in 100). The expected values are computed
here, without the JIT.
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; profile_skip(); profile_opcache_skip(); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$loops = <<<'PHP'
function plus(): int { $n = 0; for ($i = 0; $i < 200000; $i++) { $n++; $n += 1; } return $n; }
function digits(): int { $n = 0; for ($i = 0; $i < 200000; $i++) { $n += strlen((string) $n); } return $n; }
function inner(): int { $n = 0; for ($i = 0; $i < 200000; $i++) { for ($k = 0; $k < 3; $k++) { $n += $k; } } return $n; }
function hash31(): int { $n = 0; for ($i = 0; $i < 200000; $i++) { $n = ($n * 31 + $i) % 1000003; } return $n; }
function concat(string $s): int { $n = 0; for ($i = 0; $i < 200000; $i++) { $n += strlen($s . $i); } return $n; }
function calls(string $s, string $p): int
{
    $n = 0;
    for ($i = 0; $i < 200000; $i++) {
        if (str_starts_with($s, $p)) { $n++; }
        $n += strlen(implode(',', [$i, $n]));
        $n += str_contains($s, 'cd') ? 1 : 0;
    }
    return $n;
}
function loops(): array
{
    return [plus(), digits(), inner(), hash31(), concat('abcdef'), calls('abcdef', 'abc')];
}
PHP;
eval($loops);
$want = json_encode(loops());

$code = "<?php\n$loops\n" . <<<'PHP'
echo json_encode(loops()), "\n";
$sample = bench_info()['sample'];
echo "time samples: ", $sample['time_samples'], "\n";
echo "requests without time samples: ", $sample['requests_without_time_samples'], "\n";
echo "jit on: ", var_export((opcache_get_status()['jit']['on'] ?? false) && opcache_is_script_cached(__FILE__), true), "\n";
PHP;
$jit = profile_opcache_ini() + ['opcache.enable' => '1', 'opcache.enable_cli' => '1', 'opcache.jit_buffer_size' => '32M',
    'bench.sample_interval_us' => '100'];
foreach (['function', 'tracing'] as $mode) {
    $run = sample_run($code, $jit + ['opcache.jit' => $mode]);
    $lines = explode("\n", trim($run['output']));
    $warned = str_contains($run['output'], "Warning: PHP Startup: bench: no time samples with opcache.jit=$mode on PHP");
    $refused = PHP_VERSION_ID >= 80400 || $mode === 'function';
    $time = sample_weight(sample_folded((string) current($run['files'])), '{request}');
    echo "$mode JIT:\n";
    echo "  results as without the JIT: ", in_array($want, $lines, true) ? 'yes' : "no\n{$run['output']}", "\n";
    echo "  ", in_array('jit on: true', $lines, true) ? 'jit on' : 'jit off', "\n";
    echo "  time samples as this PHP allows: ", $refused
        ? ($warned && in_array("time samples: off: with opcache.jit=$mode, a VM interrupt can make the JIT code lose loop "
            . "variables (bench.sample_with_jit=0)", $lines, true) && in_array('requests without time samples: 1', $lines, true)
            && $time === 0 ? 'yes' : "no\n{$run['output']}")
        : (!$warned && in_array('time samples: on', $lines, true) && $time > 0 ? 'yes' : "no\n{$run['output']}"), "\n";
}

// The operator's choice: sampled, with the hazard said in bench_info(). No loop here: the loops above go wrong then.
$run = sample_run(<<<'PHP'
<?php
usleep(50000);
echo "time samples: ", bench_info()['sample']['time_samples'], "\n";
PHP, $jit + ['opcache.jit' => 'function', 'bench.sample_with_jit' => '1']);
$time = sample_weight(sample_folded((string) current($run['files'])), '{request}');
echo "bench.sample_with_jit=1: ", str_starts_with($run['output'], 'time samples: on, with opcache.jit=function (bench.sample_with_jit=1)')
    && $time > 0 ? 'sampled' : "no\n{$run['output']}", "\n";
?>
--EXPECT--
function JIT:
  results as without the JIT: yes
  jit on
  time samples as this PHP allows: yes
tracing JIT:
  results as without the JIT: yes
  jit on
  time samples as this PHP allows: yes
bench.sample_with_jit=1: sampled
