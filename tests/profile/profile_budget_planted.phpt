--TEST--
Profile mode: files planted in a shared output directory cannot use up bench.output_max_mb: sparse files, symlinks and other users' files are not counted
--DESCRIPTION--
The budget counted the apparent size of every bench.* entry, following
symlinks, in what is by default the world-writable temporary directory. A
2 GB sparse file made by truncate (no block on disk), or a symlink named
bench.* to a large binary, made bench drop every profile: anyone who could
write the directory could stop all profiling. Only regular files owned by
the user bench runs as count now, by the blocks they use. A real file of
bench's own user still counts (the last case), so the cap still holds.
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$plants = [
    'a 2 GB sparse file' => function ($dir) { $h = fopen("$dir/bench.sparse", 'w'); ftruncate($h, 2 << 30); fclose($h); },
    'a symlink to a 3 MB file' => function ($dir) {
        file_put_contents("$dir/big", str_repeat('x', 3 << 20));
        symlink("$dir/big", "$dir/bench.link");
    },
    'a 3 MB file of another user' => function ($dir) {
        file_put_contents("$dir/bench.theirs", str_repeat('x', 3 << 20));
        // Only root can give a file away; CI runs as root.
        trim((string) shell_exec('id -u')) === '0' ? chown("$dir/bench.theirs", 65534) : print('(not root: the file stays ours) ');
    },
    'a 3 MB file of our own' => function ($dir) { file_put_contents("$dir/bench.ours", str_repeat('x', 3 << 20)); },
];
foreach ($plants as $what => $plant) {
    $dir = sys_get_temp_dir() . '/bench-planted-' . getmypid() . '-' . bin2hex(random_bytes(4));
    mkdir($dir);
    $plant($dir);
    exec(sprintf('%s -n -d extension=%s -d bench.mode=profile -d bench.report=0 -d bench.output_format=json '
        . '-d bench.compress=none -d bench.output_max_mb=1 -d bench.output_dir=%s -r %s 2>&1', escapeshellarg(PHP_BINARY),
        escapeshellarg(getenv('BENCH_SO')), escapeshellarg($dir), escapeshellarg('echo "ran";')), $out);
    echo "$what: ", trim(str_replace($dir, 'DIR', implode("\n", $out))), "\n  -> profile written: ", count(glob("$dir/bench.*.json")), "\n";
    $out = [];
    array_map('unlink', glob("$dir/*"));
    profile_forget_usage($dir);
    rmdir($dir);
}
?>
--EXPECT--
a 2 GB sparse file: ran
  -> profile written: 1
a symlink to a 3 MB file: ran
  -> profile written: 1
a 3 MB file of another user: ran
  -> profile written: 1
a 3 MB file of our own: ran
Warning: bench: profile dropped: the bench files in DIR would pass bench.output_max_mb=1; later ones in this process are counted in bench_info(), not repeated
  -> profile written: 0
