--TEST--
php-fpm with bench.mode=sample under opcache's JIT, which loses loop variables at a VM interrupt: the ticker reads the stacks, right results in every worker, no warning
--DESCRIPTION--
The master runs the tracing JIT; the pool turns the function JIT on
(php_admin_value, set in each worker after the fork, past the master's
value). No JIT is sampled by interrupts (see tests/sample/sample_jit.phpt):
each worker reads its own setting at each request, and its ticker reads the
stacks itself. Sampling every 1 ms, 40 requests over 2 workers each run
three loops; sampled by interrupts, 6 of 40 responses came out right (and 18
came at all) on 8.2. The loops own most of the script's sampled time: at
least 80% of {main}'s, where the rest is a json_encode() and an echo (of
the whole request's, the start and end outside any PHP frame took 26% once
on 8.4, and 42% under valgrind). In 30 runs on each version the loops' share
of {main} was 0.92 to 1.00 on 8.2, 0.92 to 1.00 on 8.4, 0.89 to 1.00 on 8.5,
and 0.96 in 3 runs under valgrind.
--SKIPIF--
<?php require __DIR__ . '/fpm.inc'; fpm_skip(); sample_mode_skip(); profile_opcache_skip(); ?>
--FILE--
<?php
require __DIR__ . '/fpm.inc';
require_once __DIR__ . '/../sample/sample.inc';
$loops = <<<'PHP'
function plus(): int { $n = 0; for ($i = 0; $i < 200000; $i++) { $n++; $n += 1; } return $n; }
function inner(): int { $n = 0; for ($i = 0; $i < 100000; $i++) { for ($k = 0; $k < 3; $k++) { $n += $k; } } return $n; }
function hash31(): int { $n = 0; for ($i = 0; $i < 200000; $i++) { $n = ($n * 31 + $i) % 1000003; } return $n; }
PHP;
eval($loops);
$want = json_encode([plus(), inner(), hash31()]);
// As in production: errors logged, none displayed (a startup warning displayed would sit in the master's
// output buffer, and each worker would print its copy).
$errors = sys_get_temp_dir() . '/bench-fpm-jit-' . getmypid() . '.log';
$fpm = fpm_start("<?php\n$loops\n" . <<<'PHP'
echo json_encode([plus(), inner(), hash31()]), " ", getmypid(), " ", bench_info()['sample']['time_samples'], "\n";
PHP, profile_opcache_ini() + ['display_errors' => '0', 'log_errors' => '1', 'error_log' => $errors, 'opcache.enable' => '1',
    'opcache.jit' => 'tracing', 'opcache.jit_buffer_size' => '32M', 'opcache.file_update_protection' => '0', 'bench.mode' => 'sample', 'bench.sample_interval_us' => '1000',
    'bench.output_format' => 'folded'], 2, [], ['php_admin_value[opcache.jit]' => 'function']);
// Under valgrind (the suite's second run), 8.
$requests = getenv('SKIP_PERF_SENSITIVE') ? 8 : 40;
$responses = '';
for ($i = 0; $i < $requests; $i++) {
    $responses .= fpm_request($fpm, "n=$i");
}
[$files, $log] = fpm_stop($fpm);
preg_match_all('/^(\[[0-9,]+\]) (\d+) (.*)$/m', $responses, $m);
echo "responses: ", count($m[0]) === $requests ? 'all' : count($m[0]) . " of $requests", "\n";
$right = count(array_filter($m[1], fn($r) => $r === $want));
echo "right results: ", $right === $requests ? 'all' : "$right of $requests", "\n";
echo "workers: ", count(array_unique($m[2])), "\n";
echo "time samples: ", implode(' | ', array_unique($m[3])), "\n";
$time = $main = $owned = 0;
foreach ($files as $text) {
    $paths = sample_folded($text);
    $time += array_sum($paths);
    $main += sample_weight($paths, '{request};{main}');
    foreach (['plus', 'inner', 'hash31'] as $loop) {
        $owned += sample_weight($paths, "{request};{main};$loop");
    }
}
printf("sampled time: %s, the loops own >= 80%% of the script's: %s\n", $time > 0 ? 'some' : 'none',
    $owned >= 0.8 * $main && $main > 0 ? 'yes' : "no ($owned of $main)");
preg_match_all('/bench: no time samples with opcache\.jit=(tracing|function) on PHP/', (string) @file_get_contents($errors), $w);
@unlink($errors);
echo "warnings: ", implode(', ', $w[1]), "\n";
echo "crashed: ", fpm_crashed($log) ? 'yes' : 'no', "\n";
?>
--EXPECT--
responses: all
right results: all
workers: 2
time samples: stacks read by the ticker: with opcache.jit=function, a VM interrupt can make the JIT code lose loop variables (bench.sample_with_jit=0)
sampled time: some, the loops own >= 80% of the script's: yes
warnings: 
crashed: no
