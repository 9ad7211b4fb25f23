--TEST--
php-fpm with bench.mode=profile: a real FastCGI client's requests each get one profile, and the workers keep serving
--SKIPIF--
<?php
if (!getenv('BENCH_SO')) die('skip BENCH_SO (the bench.so under test) not set: run through scripts/test');
$fpm = '/usr/sbin/php-fpm' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
if (!is_executable($fpm)) die("skip $fpm not installed");
if (trim((string) shell_exec('command -v cgi-fcgi')) === '') die('skip cgi-fcgi (libfcgi-bin) not installed');
?>
--FILE--
<?php
$fpm = '/usr/sbin/php-fpm' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
$dir = sys_get_temp_dir() . '/bench-fpm-' . getmypid();
mkdir("$dir/profiles", 0777, true);
$user = trim((string) shell_exec('id -un'));
$group = trim((string) shell_exec('id -gn'));
file_put_contents("$dir/fpm.conf", <<<CONF
[global]
error_log = $dir/fpm.log
daemonize = no
[www]
user = $user
group = $group
listen = $dir/fpm.sock
pm = static
pm.max_children = 2
catch_workers_output = yes
CONF);
file_put_contents("$dir/app.php", <<<'PHP'
<?php
function page(string $name): string { return '<p>' . htmlspecialchars(str_repeat($name, 2)) . '</p>'; }
echo page($_GET['name'] ?? 'none');
PHP);

// -n: no system ini; observers are registered at startup, so bench comes on the command line.
$cmd = sprintf('exec %s -n -F -R -y %s -d extension=%s -d bench.mode=profile -d bench.output_dir=%s -d bench.output_format=json -d bench.compress=none',
    escapeshellarg($fpm), escapeshellarg("$dir/fpm.conf"), escapeshellarg(getenv('BENCH_SO')), escapeshellarg("$dir/profiles"));
$proc = proc_open($cmd, [1 => ['file', "$dir/stdout", 'w'], 2 => ['file', "$dir/stderr", 'w']], $pipes);
for ($i = 0; $i < 100 && !file_exists("$dir/fpm.sock"); $i++) {
    usleep(50000);
}
echo "socket: ", var_export(file_exists("$dir/fpm.sock"), true), "\n";

$ok = 0;
for ($i = 0; $i < 20; $i++) {
    $env = sprintf('SCRIPT_FILENAME=%s SCRIPT_NAME=/app.php REQUEST_METHOD=GET REQUEST_URI=%s QUERY_STRING=%s',
        escapeshellarg("$dir/app.php"), escapeshellarg("/app.php?name=n$i"), escapeshellarg("name=n$i"));
    $response = (string) shell_exec("env $env cgi-fcgi -bind -connect " . escapeshellarg("$dir/fpm.sock") . ' 2>&1');
    $ok += str_contains($response, "<p>n{$i}n{$i}</p>") ? 1 : 0;
}
echo "responses: $ok of 20\n";

// Profiles are written at the end of each request, before the next one is read.
$profiles = glob("$dir/profiles/bench.*.json");
echo "profiles: ", count($profiles), "\n";
$uris = [];
$exact = 0;
foreach ($profiles as $file) {
    $p = json_decode(file_get_contents($file), true);
    $uris[] = $p['command'];
    $page = array_values(array_filter($p['functions'], fn($f) => $f['name'] === 'page'))[0] ?? null;
    $sums = true;
    foreach ($p['counters'] as $c) {
        $sums = $sums && array_sum(array_map(fn($f) => $f['own'][$c], $p['functions'])) + $p['overhead'][$c] === $p['totals'][$c];
    }
    $exact += $page !== null && $page['calls'] === 1 && $sums ? 1 : 0;
}
sort($uris);
echo "each profile: page called once, sums exact: $exact\n";
// The header names the script (CGI's request URI is the script name, without the query string).
echo "commands: ", implode(' ', array_unique(array_map(fn($u) => str_replace($dir, 'DIR', $u), $uris))), "\n";

proc_terminate($proc, 15);
proc_close($proc);
$log = file_get_contents("$dir/fpm.log");
echo "workers crashed: ", preg_match('/exited on signal|SIGSEGV|core dumped/', $log) ? $log : 'none', "\n";
array_map('unlink', array_merge(glob("$dir/profiles/*"), glob("$dir/*.*"), glob("$dir/std*")));
@unlink("$dir/fpm.sock");
rmdir("$dir/profiles");
rmdir($dir);
?>
--EXPECT--
socket: true
responses: 20 of 20
profiles: 20
each profile: page called once, sums exact: 20
commands: /app.php
workers crashed: none
