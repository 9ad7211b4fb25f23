--TEST--
Profile mode: corrupted, truncated or oversized ledger and usage files in /dev/shm never crash a process nor stop profiling for good (a seeded mutation loop)
--DESCRIPTION--
The processes writing to a directory share two files in /dev/shm: the
ledger of profiles owed and the count of what the directory's profiles take
on disk. Only processes of the same user can write them (the directory is
0700 and checked), but a crash, a bug or another version may leave anything
there. 60 runs (10 under valgrind), each after a mutation chosen by a fixed seed: bytes
overwritten at random offsets, the file cut short or grown with garbage, all
of it random, or both files at once. Every run must exit normally and
either write its profile or drop it with a warning; no run may say that
profiles were lost for lines no process of bench could have written (the
build before freed such lines as ended processes' and said so in 8 of the
60 runs, with counts up to 600 billion); and once the files are left alone,
the next runs write their profiles again (a count made huge is read from
the directory again, and a next-read time set in the far future is not
waited for).
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip();
if (!is_dir('/dev/shm') || !is_writable('/dev/shm')) die('skip no /dev/shm'); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
mt_srand(20261202);
$dir = sys_get_temp_dir() . '/bench-shm-fuzz-' . getmypid();
mkdir($dir);
$run = function () use ($dir): array {
    exec(sprintf('%s -n -d extension=%s -d bench.mode=profile -d bench.report=0 -d bench.output_format=json '
        . '-d bench.compress=none -d bench.output_max_mb=64 -d bench.output_dir=%s -r %s 2>&1', escapeshellarg(PHP_BINARY),
        escapeshellarg(getenv('BENCH_SO')), escapeshellarg($dir), escapeshellarg('function f() {} f(); echo "ran";')), $out, $status);
    $files = glob("$dir/bench.*.json");
    array_map('unlink', $files);
    return [$status, implode("\n", $out), count($files)];
};
$run();
$st = stat($dir);
$shm = glob(sprintf('/dev/shm/bench-%d/{usage-v2,ledger-v1.*}.%d.%d', trim((string) shell_exec('id -u')), $st['dev'], $st['ino']),
    GLOB_BRACE);
echo "shared files: ", count($shm), "\n";
// Bytes from the seeded generator, so that every run of the test tries the same inputs.
$random = fn(int $n) => $n > 0 ? pack('C*', ...array_map(fn() => mt_rand(0, 255), range(1, $n))) : '';
$mutate = function (string $file, int $how) use ($random): void {
    $data = (string) file_get_contents($file);
    $size = strlen($data);
    switch ($how) {
        case 0: // bytes overwritten at random offsets
            for ($i = mt_rand(1, 64); $i > 0 && $size > 0; $i--) {
                $at = mt_rand(0, $size - 1);
                $len = min(mt_rand(1, 16), $size - $at);
                $data = substr_replace($data, $random($len), $at, $len);
            }
            break;
        case 1: // cut short
            $data = substr($data, 0, mt_rand(0, $size));
            break;
        case 2: // grown with garbage
            $data .= $random(mt_rand(1, 70000));
            break;
        case 3: // all of it random
            $data = $random(max(1, $size));
            break;
        case 4: // every 64-bit word set to its largest, smallest, or -1
            $word = [PHP_INT_MAX, PHP_INT_MIN, -1][mt_rand(0, 2)];
            $data = str_repeat(pack('q', $word), intdiv($size, 8));
            break;
    }
    file_put_contents($file, $data);
};
// Under valgrind every run is memchecked, and takes seconds: the first 10 of the same inputs there.
$runs = getenv('SKIP_PERF_SENSITIVE') ? 10 : 60;
$bad = [];
$written = $dropped = $lost = 0;
for ($i = 0; $i < $runs; $i++) {
    foreach (mt_rand(0, 3) === 0 ? $shm : [$shm[mt_rand(0, count($shm) - 1)]] as $file) {
        $mutate($file, mt_rand(0, 4));
    }
    [$status, $out, $files] = $run();
    $ran = str_ends_with($out, 'ran');
    $dropped_said = str_contains($out, 'bench: profile dropped');
    if ($status !== 0 || !$ran || ($files === 0 && !$dropped_said) || preg_match('/Fatal|fault|Bus error/i', $out)) {
        $bad[] = "run $i: status $status: $out";
    }
    $written += $files;
    $dropped += $files === 0;
    $lost += str_contains($out, ' lost: process ');
}
echo "exited normally and wrote or said: ", $bad ? implode("\n", $bad) : 'all', "\n";
echo "profiles written: ", $written > $runs / 2 ? 'most' : $written, ", dropped with a warning: ", $dropped < $runs / 2 ? 'some or none' : $dropped, "\n";
// A damaged line (a pid or a count no process of bench writes) is freed quietly: "lost" is said only of lines that look real.
echo "runs that said profiles were lost: $lost\n";
// Left alone: the next three runs write their profiles.
$after = 0;
for ($i = 0; $i < 3; $i++) {
    $after += $run()[2];
}
echo "profiles written once the files are left alone: $after of 3\n";
array_map('unlink', glob("$dir/*"));
profile_forget_usage($dir);
rmdir($dir);
?>
--EXPECT--
shared files: 2
exited normally and wrote or said: all
profiles written: most, dropped with a warning: some or none
runs that said profiles were lost: 0
profiles written once the files are left alone: 3 of 3
