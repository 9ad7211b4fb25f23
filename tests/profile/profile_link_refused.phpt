--TEST--
Profile files: where linking the unnamed file is refused (a seccomp filter), its bytes are copied to a temporary name, which is renamed
--DESCRIPTION--
Under deny_syscall's linkat filter, strace shows the profile's unnamed file,
the two refused links (of the descriptor, then through /proc/self/fd), the
copy's reads and the rename of the temporary name; the profile has the
script's function. (That the process then writes named files
from the start is not tested: the CLI writes one profile per process.)
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip();
if (trim((string) shell_exec('command -v strace')) === '') die('skip strace not installed');
if (trim((string) shell_exec('strace -f -qq -o /dev/null true 2>&1; echo $?')) !== '0') die('skip strace cannot trace here'); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$helper = sys_get_temp_dir() . '/bench-deny-syscall-' . getmypid();
exec(sprintf('cc -O2 -o %s %s 2>&1', escapeshellarg($helper), escapeshellarg(__DIR__ . '/../sample/deny_syscall.c')), $out, $status);
if ($status !== 0) {
    die("cannot build the helper: " . implode("\n", $out));
}
$log = sys_get_temp_dir() . '/bench-link-refused-' . getmypid();
$run = profile_run(<<<'PHP'
<?php
function work() { return str_repeat('x', 10); }
work();
PHP, ['bench.compress' => 'none'], 'folded', [],
    ['strace', '-f', '-qq', '-e', 'trace=openat,linkat,pread64,rename,renameat2', '-o', $log, $helper, 'linkat']);
echo $run['output'], "\n";
ksort($run['files']);
foreach ($run['files'] as $name => $text) {
    printf("%s: %s\n", preg_replace('/^bench\.\d{8}T\d{6}Z\.\d+\./', 'bench.TIME.PID.', $name),
        str_contains($text, 'work') ? 'the script\'s profile' : $text);
}
$trace = file_get_contents($log);
printf("unnamed files opened: %d\n", preg_match_all('/O_TMPFILE/', $trace));
printf("links refused: %d\n", preg_match_all('/linkat\(.*= -1 EPERM/', $trace));
// The reads of the copy are those of the unnamed file's descriptor (the dynamic loader reads with pread64 too).
$fd = preg_match('/O_TMPFILE, 0600\) = (\d+)/', $trace, $m) ? $m[1] : 'none';
printf("copied with reads of it: %s\n", preg_match("/pread64\\($fd, /", $trace) ? 'yes' : 'no');
printf("renames: %d\n", preg_match_all('/rename(at2)?\(.*= 0$/m', $trace));
unlink($log);
unlink($helper);
?>
--EXPECT--

bench.TIME.PID.1.wall_ns.folded: the script's profile
unnamed files opened: 1
links refused: 2
copied with reads of it: yes
renames: 1
