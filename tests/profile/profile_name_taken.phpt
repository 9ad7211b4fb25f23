--TEST--
Profile files: a name another process took in the output directory (a volume shared by containers, where pids repeat) is skipped, never replaced
--DESCRIPTION--
A profile is named bench.<time>.<pid>.<seq>, and written under that name plus
".tmp" before it is renamed. In a directory shared across pid namespaces,
another worker may have the same pid in the same second. The script takes
its own process's first two names before its profile is written: the
temporary name of the first, and the final name of the second. The profile
then moves on to the third, and the other files keep their content (the
rename replaced the second before).
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$run = profile_run(<<<'PHP'
<?php
// The stamp is taken when the profile is written: this second and the next few.
$dir = ini_get('bench.output_dir');
$now = time();
for ($t = $now; $t < $now + 4; $t++) {
    $stamp = gmdate('Ymd\THis\Z', $t);
    file_put_contents(sprintf('%s/bench.%s.%d.1.folded.tmp', $dir, $stamp, getmypid()), "another's\n");
    file_put_contents(sprintf('%s/bench.%s.%d.2.folded', $dir, $stamp, getmypid()), "another's\n");
}
function work() { return str_repeat('x', 10); }
work();
PHP, ['bench.compress' => 'none'], 'folded');
echo $run['output'], "\n";
$ours = $others = [];
foreach ($run['files'] as $name => $text) {
    if ($text === "another's\n") {
        $others[] = $name;
    } else {
        $ours[] = $name;
    }
}
echo count($others), " files of another process kept\n";
echo count($ours), " profile: ", preg_replace('/^bench\.\d{8}T\d{6}Z\.\d+\./', 'bench.TIME.PID.', $ours[0] ?? 'none'), "\n";
echo "it is ours: ", str_contains($run['files'][$ours[0] ?? ''] ?? '', 'work') ? 'yes' : 'no', "\n";
?>
--EXPECT--
8 files of another process kept
1 profile: bench.TIME.PID.3.folded
it is ours: yes
