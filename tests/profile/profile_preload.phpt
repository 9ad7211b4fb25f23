--TEST--
Profile and sample mode: the request that opcache.preload runs at startup is not profiled (in php-fpm it runs in the master, before the workers fork)
--SKIPIF--
<?php
require __DIR__ . '/profile.inc';
sample_mode_skip();
exec(sprintf('%s -n %s -r %s 2>&1', escapeshellarg(PHP_BINARY), PHP_VERSION_ID >= 80500 ? '' : '-d zend_extension=opcache',
    escapeshellarg('echo function_exists("opcache_get_status") ? "ok" : "no";')), $out);
if (($out[0] ?? '') !== 'ok') die('skip opcache cannot be loaded');
?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$dir = sys_get_temp_dir() . '/bench-preload-' . getmypid();
mkdir($dir);
file_put_contents("$dir/preload.php", '<?php function preloaded() { return 1; } for ($i = 0; $i < 300000; $i++) { $x = md5((string) $i); }');
file_put_contents("$dir/script.php", '<?php echo "preloaded: ", preloaded(), "\n";');
foreach (['profile' => [], 'sample' => ['bench.sample_interval_us' => '1000']] as $mode => $ini) {
    $flags = '';
    foreach (profile_opcache_ini() + ['opcache.enable_cli' => '1', 'opcache.preload' => "$dir/preload.php",
            'opcache.preload_user' => trim((string) shell_exec('id -un')), 'extension' => getenv('BENCH_SO'),
            'bench.mode' => $mode, 'bench.report' => '0', 'bench.output_format' => 'json', 'bench.compress' => 'none',
            'bench.output_dir' => $dir] + $ini as $k => $v) {
        $flags .= ' -d ' . escapeshellarg("$k=$v");
    }
    exec(sprintf('%s -n %s %s 2>&1', escapeshellarg(PHP_BINARY), $flags, escapeshellarg("$dir/script.php")), $out);
    $commands = [];
    foreach (glob("$dir/bench.*") as $f) {
        $commands[] = basename(profile_decode(file_get_contents($f))['command']);
        unlink($f);
    }
    // (The script's own request may have samples too where PHP runs slowly, under valgrind.)
    $others = array_diff($commands, ['script.php']);
    printf("%s: %s; profiles of other requests: %s\n", $mode, implode(' ', $out), implode(', ', $others) ?: 'none');
    $out = [];
}
unlink("$dir/preload.php");
unlink("$dir/script.php");
profile_forget_usage($dir);
rmdir($dir);
?>
--EXPECT--
profile: preloaded: 1; profiles of other requests: none
sample: preloaded: 1; profiles of other requests: none
