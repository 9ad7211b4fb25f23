--TEST--
Sample mode: under opcache's JIT, which loses loop variables at a VM interrupt, the ticker reads the stacks itself: every loop computes what it does without bench, and its time is sampled; bench.sample_with_jit=1 samples by interrupts anyway
--DESCRIPTION--
JIT code checks the VM interrupt at loop headers and jumps to the VM's
handler without always storing the loop variables it keeps in registers: the
VM goes on with stale values. Sampling every 100 us by interrupts (as with
bench.sample_with_jit=1, the way every sample was taken before), these 7
loops came out wrong: 4 or 5 of the first 6 in each of 5 runs on 8.2's
function JIT, 4 or 5 on 8.4's, all 6 on 8.5's (some runs never ended), 2 or 3
under the tracing JIT of 8.4 and 8.5; on 8.2's tracing JIT the first 6 came
out right in 50 runs, and bits() (a loop in a loop) wrong in 5 of 5 runs. A
variable read as undefined. So under the JIT no interrupt is raised: the
ticker reads the PHP thread's stack itself (src/sample/stacks.h), and the
loops must come out right. The expected values are computed here, without
the JIT. Sampled every 100 us, the loops must own at least half the
sampled time (the rest is startup and compiling): in 10 runs on each
version, under both JITs, their share was 0.86 to 0.98 on 8.2, 0.93 to 1.00
on 8.4 and 0.94 to 1.00 on 8.5.
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip(); profile_opcache_skip(); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$loops = <<<'PHP'
function plus(): int { $n = 0; for ($i = 0; $i < 200000; $i++) { $n++; $n += 1; } return $n; }
function digits(): int { $n = 0; for ($i = 0; $i < 200000; $i++) { $n += strlen((string) $n); } return $n; }
function inner(): int { $n = 0; for ($i = 0; $i < 200000; $i++) { for ($k = 0; $k < 3; $k++) { $n += $k; } } return $n; }
function hash31(): int { $n = 0; for ($i = 0; $i < 200000; $i++) { $n = ($n * 31 + $i) % 1000003; } return $n; }
function concat(string $s): int { $n = 0; for ($i = 0; $i < 200000; $i++) { $n += strlen($s . $i); } return $n; }
function bits(): int { $n = 0; for ($i = 0; $i < 300000; $i++) { $k = $i; do { $n += $k & 1; $k >>= 1; } while ($k > 0); } return $n; }
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
    return [plus(), digits(), inner(), hash31(), concat('abcdef'), calls('abcdef', 'abc'), bits()];
}
PHP;
eval($loops);
$want = json_encode(loops());

$tail = <<<'PHP'
echo json_encode(loops()), "\n";
$sample = bench_info()['sample'];
echo "time samples: ", $sample['time_samples'], "\n";
echo "requests without time samples: ", $sample['requests_without_time_samples'], "\n";
echo "jit on: ", var_export((opcache_get_status()['jit']['on'] ?? false) && opcache_is_script_cached(__FILE__), true), "\n";
PHP;
$code = "<?php\n$loops\n$tail";
$jit = profile_opcache_ini() + ['opcache.enable' => '1', 'opcache.enable_cli' => '1', 'opcache.jit_buffer_size' => '32M',
    'bench.sample_interval_us' => '100'];
foreach (['function', 'tracing'] as $mode) {
    $run = sample_run($code, $jit + ['opcache.jit' => $mode]);
    $lines = explode("\n", trim($run['output']));
    $paths = sample_folded((string) current($run['files']));
    $all = sample_weight($paths, '{request}');
    $owned = 0;
    foreach (['plus', 'digits', 'inner', 'hash31', 'concat', 'calls', 'bits'] as $name) {
        $owned += sample_weight($paths, "{request};{main};loops;$name");
    }
    echo "$mode JIT:\n";
    echo "  results as without the JIT: ", in_array($want, $lines, true) ? 'yes' : "no\n{$run['output']}", "\n";
    echo "  ", in_array('jit on: true', $lines, true) ? 'jit on' : 'jit off', "\n";
    echo "  time samples: ", !str_contains($run['output'], 'Warning') && in_array("time samples: stacks read by the ticker: with "
        . "opcache.jit=$mode, a VM interrupt can make the JIT code lose loop variables (bench.sample_with_jit=0)", $lines, true)
        && in_array('requests without time samples: 0', $lines, true) ? 'read by the ticker' : "no\n{$run['output']}", "\n";
    printf("  the loops own >= 50%% of the sampled time: %s\n", $owned >= 0.5 * $all && $all > 0 ? 'yes' : "no ($owned of $all)");
}

// A JIT turned on mid-request, from "off": the request stops raising interrupts before the file it then
// includes is compiled, and the ticker reads its stacks from then on.
// Also with 8.2's execute_internal wrapper (ignored from 8.4), which had no post-startup hook to watch from.
foreach (['ticker', 'wrapper'] as $internal) {
    $run = sample_run("<?php\nini_set('opcache.jit', 'function');\nfile_put_contents(__DIR__ . '/loops.php', "
        . var_export("<?php\n$loops\n", true) . ");\nrequire __DIR__ . '/loops.php';\n$tail",
        $jit + ['opcache.jit' => 'off', 'bench.sample_internal_calls' => $internal], 'json');
    $lines = explode("\n", trim($run['output']));
    $right = in_array($want, $lines, true);
    $profile = profile_json($run);
    echo "set mid-request ($internal): results as without the JIT: ", $right ? 'yes' : 'no (' . strlen($run['output']) . ' bytes of output)', "\n";
    echo "set mid-request ($internal): ", $profile['time_samples'] ?? 'no time_samples key', ", ",
        $profile['samples'] > 0 ? 'sampled' : 'no samples', ", ", in_array('jit on: true', $lines, true) ? 'jit on' : 'jit off', "\n";
}

// A profile says how its time was sampled.
$alloc = <<<'PHP'
<?php
$a = [];
for ($i = 0; $i < 2000; $i++) { $a[] = str_repeat('x', 1000); }
PHP;
$ini = $jit + ['opcache.jit' => 'tracing', 'bench.alloc_sample_requests' => '1', 'bench.alloc_sample_bytes' => '4096'];
$profile = profile_json(sample_run($alloc, $ini, 'json'));
printf("json: %s, allocation samples: %s\n", $profile['time_samples'] ?? 'no time_samples key', $profile['alloc_samples'] > 0 ? 'yes' : 'no');
$callgrind = (string) current(sample_run($alloc, $ini, 'callgrind')['files']);
echo "callgrind: ", preg_match('/^desc: Time samples: (.*)$/m', $callgrind, $m) ? $m[1] : 'no such line', "\n";

// The operator's choice: sampled by interrupts, with the hazard said in bench_info(). No loop here: the loops above go wrong then.
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
  time samples: read by the ticker
  the loops own >= 50% of the sampled time: yes
tracing JIT:
  results as without the JIT: yes
  jit on
  time samples: read by the ticker
  the loops own >= 50% of the sampled time: yes
set mid-request (ticker): results as without the JIT: yes
set mid-request (ticker): read by the ticker under opcache.jit=function (set mid-request), sampled, jit on
set mid-request (wrapper): results as without the JIT: yes
set mid-request (wrapper): read by the ticker under opcache.jit=function (set mid-request), sampled, jit on
json: read by the ticker under opcache.jit=tracing, allocation samples: yes
callgrind: read by the ticker under opcache.jit=tracing
bench.sample_with_jit=1: sampled
