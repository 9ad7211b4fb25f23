--TEST--
Profile files: a name another process took in the output directory (a volume shared by containers, where pids repeat) is skipped, never replaced; without unnamed files, or where they cannot be linked, a temporary name and a rename do the same
--DESCRIPTION--
A profile is named bench.<time>.<pid>.<seq>. It is written to an unnamed file
(O_TMPFILE) and linked in under that name; where the file system has no
unnamed files, under that name plus ".tmp", then renamed; where an unnamed
file cannot be linked, its bytes are copied to such a file. In a
directory shared across pid namespaces, another worker may have the same pid
in the same second. The script takes some of its own process's names before
its profile is written (each for this second and the next 19):
- linked: the temporary name of the first and the final name of the second;
  a link needs no temporary name, so the profile takes the first number
  (a temporary name and a rename would take the third);
- linked through /proc/self/fd, where the kernel refuses to link the
  descriptor itself (before Linux 6.10, without CAP_DAC_READ_SEARCH; a
  seccomp filter says ENOENT to linkat with AT_EMPTY_PATH): the same names,
  and the profile takes the first number too (a copy would take the third);
- no unnamed files (a seccomp filter says EOPNOTSUPP to O_TMPFILE): the same
  names, and the profile moves on to the third;
- no linkat (a seccomp filter refuses it): the final name of the first, and
  for the copy the temporary name of the first and the final name of the
  second: the third (profile_link_refused shows that the bytes are copied).
The other files keep their content, and no temporary file is left.
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$helper = sys_get_temp_dir() . '/bench-deny-syscall-' . getmypid();
exec(sprintf('cc -O2 -o %s %s 2>&1', escapeshellarg($helper), escapeshellarg(__DIR__ . '/../sample/deny_syscall.c')), $out, $status);
if ($status !== 0) {
    die("cannot build the helper: " . implode("\n", $out));
}
// The stamp is taken when the profile is written: this second and the next 19 (on a loaded machine one run wrote it over 3 s later).
$code = <<<'PHP'
<?php
$dir = ini_get('bench.output_dir');
$now = time();
foreach (explode(',', getenv('TAKE')) as $name) {
    for ($t = $now; $t < $now + 20; $t++) {
        file_put_contents(sprintf("%s/bench.%s.%d.$name", $dir, gmdate('Ymd\THis\Z', $t), getmypid()), "another's\n");
    }
}
function work() { return str_repeat('x', 10); }
work();
PHP;
$cases = [
    'linked' => [[], '1.wall_ns.folded.tmp,2.wall_ns.folded'],
    'linked through /proc' => [[$helper, 'link_fd'], '1.wall_ns.folded.tmp,2.wall_ns.folded'],
    'no unnamed files' => [[$helper, 'tmpfile'], '1.wall_ns.folded.tmp,2.wall_ns.folded'],
    'no linkat' => [[$helper, 'linkat'], '1.wall_ns.folded,1.wall_ns.folded.tmp,2.wall_ns.folded'],
];
foreach ($cases as $label => [$launcher, $take]) {
    $run = profile_run($code, ['bench.compress' => 'none'], 'folded', ['TAKE' => $take], $launcher);
    $ours = $others = [];
    foreach ($run['files'] as $name => $text) {
        if ($text === "another's\n") {
            $others[] = $name;
        } else {
            $ours[] = $name;
        }
    }
    printf("%s: %s%d files of another process kept, %d profile: %s, ours: %s\n", $label, $run['output'] === '' ? '' : "{$run['output']}\n",
        count($others), count($ours), preg_replace('/^bench\.\d{8}T\d{6}Z\.\d+\./', 'bench.TIME.PID.', $ours[0] ?? 'none'),
        str_contains($run['files'][$ours[0] ?? ''] ?? '', 'work') ? 'yes' : 'no');
}
unlink($helper);
?>
--EXPECT--
linked: 40 files of another process kept, 1 profile: bench.TIME.PID.1.wall_ns.folded, ours: yes
linked through /proc: 40 files of another process kept, 1 profile: bench.TIME.PID.1.wall_ns.folded, ours: yes
no unnamed files: 40 files of another process kept, 1 profile: bench.TIME.PID.3.wall_ns.folded, ours: yes
no linkat: 60 files of another process kept, 1 profile: bench.TIME.PID.3.wall_ns.folded, ours: yes
