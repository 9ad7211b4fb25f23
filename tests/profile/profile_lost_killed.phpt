--TEST--
Profile mode: a process killed before it writes its profile does not lose it silently: the next process writing to the directory counts it and says so
--DESCRIPTION--
Each run is a PHP process writing profiles to one directory. A process
killed with SIGKILL in the middle of its profiled request cannot write or
count its profile; the next process to start a profile for that directory
finds its line in the directory's ledger in /dev/shm, warns once and counts
the profile in bench_info()['profiles']['lost']. Also: a process that ended
normally, or one killed when its profile was already settled (returned by
bench_stop()), leaves nothing to count; nor do children forked in a request,
whether they run another program (proc_open()) or PHP on (pcntl_fork()), as
they take no line of their own until their next request.
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip();
if (!function_exists('pcntl_fork')) die('skip pcntl not available');
if (!is_file(ini_get('extension_dir') . '/posix.so')) die('skip posix.so not installed');
if (!is_dir('/dev/shm')) die('skip no /dev/shm'); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$dir = sys_get_temp_dir() . '/bench-lost-' . getmypid() . '-' . bin2hex(random_bytes(4));
mkdir($dir);
file_put_contents("$dir/script.php", <<<'PHP'
<?php
// Named once whole: whoever waits for it reads the pid, not an empty file.
function hang() {
    file_put_contents(__DIR__ . '/running.tmp', getmypid());
    rename(__DIR__ . '/running.tmp', __DIR__ . '/running');
    while (true) {
        usleep(1000);
    }
}
switch (getenv('HOW')) {
    case 'hang':
        hang();
    case 'stopped':
        bench_start();
        bench_stop();
        hang();
    case 'children':
        $proc = proc_open(['true'], [], $pipes);
        echo "proc_open: ", proc_close($proc), "\n";
        $child = pcntl_fork();
        if ($child === 0) {
            exit(0);
        }
        pcntl_waitpid($child, $status);
        echo "forked child exited: ", pcntl_wexitstatus($status), "\n";
        break;
}
echo "lost: ", bench_info()['profiles']['lost'], "\n";
PHP);

/** Runs the script with HOW=$how; its output, with its directory and the pids named in $names as words. */
function run(string $dir, string $how, array $ini = []): string
{
    global $names;
    @unlink("$dir/running");
    $ini += ['bench.mode' => 'profile', 'bench.output_dir' => $dir, 'bench.output_format' => 'folded', 'bench.report' => '0',
        'display_errors' => 'stderr', 'log_errors' => '0'];
    $cmd = [PHP_BINARY, '-n', '-d', 'extension=' . getenv('BENCH_SO'), '-d', 'extension=posix'];
    foreach ($ini as $k => $v) {
        $cmd[] = '-d';
        $cmd[] = "$k=$v";
    }
    $cmd[] = "$dir/script.php";
    $proc = proc_open($cmd, [1 => ['pipe', 'w'], 2 => ['redirect', 1]], $pipes, $dir, ['HOW' => $how] + getenv());
    if ($how === 'hang' || $how === 'stopped') {
        for ($i = 0; $i < 3000 && !is_file("$dir/running"); $i++) {
            usleep(10000);
        }
        proc_terminate($proc, 9);
    }
    $out = trim(stream_get_contents($pipes[1]));
    proc_close($proc);
    if (is_file("$dir/running")) {
        $names[(int) file_get_contents("$dir/running")] = 'KILLED';
    }
    $out = str_replace($dir, 'DIR', $out);
    return preg_replace_callback('/(process )(\d+)/', fn($m) => $m[1] . ($names[(int) $m[2]] ?? 'OTHER'), $out);
}

$names = [];
$files = fn() => count(glob("$dir/bench.*"));

echo "-- killed in its request\n", run($dir, 'hang'), "\n";
$before = $files();
echo "-- the next process\n", run($dir, 'count'), "\n";
echo "it wrote its own profile: ", $files() === $before + 1 ? 'yes' : 'no', "\n";
echo "-- and the one after\n", run($dir, 'count'), "\n";
echo "-- killed after bench_stop() (bench.start=api)\n", run($dir, 'stopped', ['bench.start' => 'api']), "\n";
echo "-- the next process\n", run($dir, 'count'), "\n";
echo "-- children forked in a request\n", run($dir, 'children'), "\n";
echo "-- the next process\n", run($dir, 'count'), "\n";

array_map('unlink', glob("$dir/*"));
profile_forget_usage($dir);
rmdir($dir);
?>
--EXPECT--
-- killed in its request

-- the next process
Warning: bench: 1 profile(s) for DIR lost: process KILLED ended (killed?) before writing them (1 of requests then running, 0 queued for the disk)
lost: 1
it wrote its own profile: yes
-- and the one after
lost: 0
-- killed after bench_stop() (bench.start=api)

-- the next process
lost: 0
-- children forked in a request
proc_open: 0
forked child exited: 0
lost: 0
-- the next process
lost: 0
