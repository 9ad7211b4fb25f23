--TEST--
Profile mode: processes writing to one directory share what its bench files weigh; one of them reads the directory, not each
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip();
if (trim((string) shell_exec('command -v strace')) === '') die('skip strace not installed');
if (trim((string) shell_exec('strace -f -qq -o /dev/null true 2>&1; echo $?')) !== '0') die('skip strace cannot trace here');
if (!is_dir('/dev/shm') || !is_writable('/dev/shm')) die('skip no /dev/shm to share the count in');
// The four runs must fall within the 10 s before the next read: under valgrind (a loaded machine) they may not.
if (getenv('SKIP_PERF_SENSITIVE')) die('skip timing under valgrind'); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$dir = sys_get_temp_dir() . '/bench-budget-shared-' . getmypid() . '-' . bin2hex(random_bytes(4));
mkdir($dir);
// Earlier files one block short of bench.output_max_mb=1 on disk (what the budget counts): room for one profile of
// about 2,000 bytes, which takes a block.
file_put_contents("$dir/bench.probe", str_repeat('x', 2000));
$block = stat("$dir/bench.probe")['blocks'] * 512;
unlink("$dir/bench.probe");
$left = (1 << 20) - $block;
for ($i = 0; $left > 0; $i++) {
    $size = min($left, 20 * $block);
    file_put_contents("$dir/bench.earlier.$i.json", str_repeat('x', $size));
    $left -= stat("$dir/bench.earlier.$i.json")['blocks'] * 512;
}
$earlier = $i;
if ($left !== 0) {
    echo "the earlier files do not fill whole blocks here\n";
}
// Four processes one after another, as a pool's workers write: how often each opens the directory to read it. The
// later ones know from the shared count that the first one's profile left no room for theirs.
for ($run = 1; $run <= 4; $run++) {
    $log = "$dir/strace.log";
    exec(sprintf('strace -f -qq -e trace=openat -o %s %s -n -d extension=%s -d bench.mode=profile -d bench.report=0 '
        . '-d bench.output_format=json -d bench.compress=none -d bench.output_max_mb=1 -d bench.output_dir=%s -r %s 2>&1',
        escapeshellarg($log), escapeshellarg(PHP_BINARY), escapeshellarg(getenv('BENCH_SO')), escapeshellarg($dir),
        escapeshellarg('echo "run ' . $run . ' ";')), $out);
    $reads = preg_match_all('~openat\(AT_FDCWD, "' . preg_quote($dir, '~') . '", [^)]*O_DIRECTORY~', file_get_contents($log));
    unlink($log);
    $said = str_contains(implode(' ', $out), 'would pass bench.output_max_mb=1') ? ', dropped' : '';
    printf("%s: read the directory %d time(s), %d profiles%s\n", $out[0], $reads, count(glob("$dir/bench.*.json")) - $earlier, $said);
    $out = [];
}
array_map('unlink', glob("$dir/*"));
profile_forget_usage($dir);
rmdir($dir);
?>
--EXPECT--
run 1: read the directory 1 time(s), 1 profiles
run 2: read the directory 0 time(s), 1 profiles, dropped
run 3: read the directory 0 time(s), 1 profiles, dropped
run 4: read the directory 0 time(s), 1 profiles, dropped
