--TEST--
bench.track_live=1 out of memory: the warning comes once the profile is written, past the script's error handler, whose bench_start() there used to start a profile inside bench's request end and crash the next request of the process
--SKIPIF--
<?php
if (getenv('SKIP_PERF_SENSITIVE')) die('skip a million allocations under valgrind');
require __DIR__ . '/../profile/profile.inc';
profile_skip();
$cgi = dirname(PHP_BINARY) . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
if (!is_executable($cgi)) die("skip no $cgi");
if (!is_executable('/usr/bin/prlimit')) die('skip no prlimit');
?>
--FILE--
<?php
// Two requests in one php-cgi process (-T 2), its address space capped so that the live table cannot grow in the first:
// the cap is what the same php-cgi maps at rest, plus 85 MiB (the live table's growth to two million blocks needs more
// while fill() runs; PHP itself needs less). env -i: php-cgi would run run-tests' SCRIPT_FILENAME, this very test.
$dir = sys_get_temp_dir() . '/bench-live-reentry-' . getmypid();
@mkdir($dir);
file_put_contents("$dir/script.php", <<<'PHP'
<?php
function fill($n) { $a = []; for ($i = 0; $i < $n; $i++) { $a[] = "s" . $i; } return $a; }
function f() { return 1; }
if (!file_exists(__DIR__ . '/first')) {
    touch(__DIR__ . '/first');
    set_error_handler(function ($no, $message) {
        file_put_contents(__DIR__ . '/said', "$message\n", FILE_APPEND);
        return true;
    });
    bench_start();
    set_error_handler(function ($no, $message) {
        file_put_contents(__DIR__ . '/said', "$message\n", FILE_APPEND);
        file_put_contents(__DIR__ . '/said', 'bench_start(): ' . var_export(@bench_start(), true) . "\n", FILE_APPEND);
        return true;
    });
    $kept = fill(900000);
    echo "first request done\n";
} else {
    f();
    echo "second request done\n";
}
PHP);
$cgi = dirname(PHP_BINARY) . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
$run = sprintf('cd %s && env -i PATH=%s %%s %s -n -q -d extension=%s -d bench.mode=profile -d bench.track_live=1 -d bench.start=api '
    . '-d memory_limit=-1 -d bench.output_dir=%s -d bench.output_format=json -d bench.compress=none -d bench.report=0 %%s 2>&1 </dev/null',
    escapeshellarg($dir), escapeshellarg((string) getenv('PATH')), escapeshellarg($cgi), escapeshellarg(getenv('BENCH_SO')), escapeshellarg($dir));
file_put_contents("$dir/size.php", '<?php echo preg_match("/^VmSize:\\s+(\\d+) kB/m", file_get_contents("/proc/self/status"), $m) ? $m[1] : 0;');
$rest_kib = (int) shell_exec(sprintf($run, '', 'size.php'));
exec(sprintf($run, sprintf('prlimit --as=%d', ($rest_kib << 10) + (85 << 20)), '-T 2 script.php'), $out, $status);
echo "exit status $status\n";
foreach ($out as $line) {
    if (str_contains($line, 'request done') || str_contains($line, 'Warning')) {
        echo trim(strip_tags($line)), "\n";
    }
}
echo file_exists("$dir/said") ? file_get_contents("$dir/said") : "nothing said\n";
$profiles = glob("$dir/bench.*.json");
$p = json_decode(file_get_contents($profiles[0]), true);
$fill = array_values(array_filter($p['functions'], fn($f) => $f['name'] === 'fill'))[0] ?? null;
printf("%d profile, fill in it: %s\n", count($profiles), $fill ? 'yes' : 'no');
exec('rm -rf ' . escapeshellarg($dir));
?>
--EXPECTF--
exit status 0
first request done
Warning:  bench.track_live: out of memory, some allocations were not tracked (the live counts of this profile are too low)
second request done
nothing said
1 profile, fill in it: yes
