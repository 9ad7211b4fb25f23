--TEST--
php-fpm: bench.mode (and count_ops, track_live, sample_internal_calls) set in a pool's php_admin_value comes after bench chose its hooks at startup: refused with a warning in the pool's log, where it ran sample mode without its hooks (one sample a request, in callgrind); a pool may set the other settings of a mode chosen in php.ini
--SKIPIF--
<?php
require __DIR__ . '/fpm.inc';
fpm_skip();
sample_mode_skip();
if (getenv('SKIP_PERF_SENSITIVE')) die('skip samples under valgrind are too few');
?>
--FILE--
<?php
require __DIR__ . '/fpm.inc';
$app = '<?php function spin() { for ($t = hrtime(true); hrtime(true) - $t < 50e6;) {} } spin(); echo "served\n";';
$pool = ['php_admin_value[bench.sample_interval_us]' => '1000', 'php_admin_value[bench.output_format]' => 'json'];
foreach (['the pool' => ['php_admin_value[bench.mode]' => 'sample', 'php_admin_value[bench.track_live]' => '1',
        'php_admin_value[bench.count_ops]' => '1'], 'php.ini' => []] as $where => $modes) {
    // As php.ini-production has it: warnings logged, not shown.
    $ini = ['log_errors' => '1', 'display_errors' => '0'] + ($where === 'php.ini' ? ['bench.mode' => 'sample'] : []);
    $fpm = fpm_start($app, $ini, 1, [], $pool + $modes);
    $served = str_contains(fpm_request($fpm, 'a'), 'served');
    usleep(300000);
    [$files, $log] = fpm_stop($fpm);
    $samples = array_map(fn($text) => json_decode($text, true)['samples'] ?? -1, $files);
    echo "bench.mode=sample in $where: served ", $served ? 'yes' : 'no', ', ', count($files), ' profile(s)',
        $samples ? (min($samples) >= 10 ? ', 10 samples or more' : ', samples: ' . implode(', ', $samples)) : '', "\n";
    preg_match_all('/PHP Warning:  (bench\.\w+)=\S+ comes after PHP started/', $log, $m);
    $refused = array_unique($m[1]);
    sort($refused);
    echo '  refused in the log: ', implode(', ', $refused) ?: 'nothing', '; crashed: ', fpm_crashed($log) ? 'yes' : 'no', "\n";
}
?>
--EXPECT--
bench.mode=sample in the pool: served yes, 0 profile(s)
  refused in the log: bench.count_ops, bench.mode, bench.track_live; crashed: no
bench.mode=sample in php.ini: served yes, 1 profile(s), 10 samples or more
  refused in the log: nothing; crashed: no
