--TEST--
Profile mode: an output directory too long for a profile's path is refused with a warning and counted, never written to under a name cut short
--DESCRIPTION--
With a 4,080-character bench.output_dir, the file name was cut by snprintf at
PATH_MAX: the first profile was written as "bench.20261202" (no pid, number
or extension), and every later one failed with "File exists". Now a profile
whose path would not fit is dropped, counted and said; a directory that
leaves room for the name (3,990 characters) is written to as usual.
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$top = sys_get_temp_dir() . '/bench-long-' . getmypid();
foreach ([4080, 3990] as $length) {
    // Made one part at a time: mkdir() takes at most PATH_MAX, relative paths too.
    $dir = $top;
    @mkdir($dir);
    while (strlen($dir) < $length) {
        $dir .= '/' . str_repeat('d', min(200, $length - strlen($dir) - 1));
        @mkdir($dir);
    }
    $parts = [];
    for ($request = 1; $request <= 2; $request++) {
        exec(sprintf('%s -n -d extension=%s -d bench.mode=profile -d bench.report=0 -d bench.output_format=json '
            . '-d bench.compress=none -d bench.output_dir=%s -r %s 2>&1', escapeshellarg(PHP_BINARY),
            escapeshellarg(getenv('BENCH_SO')), escapeshellarg($dir), escapeshellarg('echo json_encode(bench_info()["profiles"]);')), $out);
    }
    $files = array_map('basename', glob("$dir/bench.*"));
    echo strlen($dir), " characters:\n", trim(implode("\n", $out)), "\nfiles: ", count($files), ", named with pid, number and extension: ",
        count(preg_grep('/^bench\.\d{8}T\d{6}Z\.\d+\.\d+\.json$/', $files)), "\n";
    $out = [];
    array_map('unlink', glob("$dir/bench.*"));
}
exec('rm -rf ' . escapeshellarg($top));
?>
--EXPECT--
4080 characters:
{"written":0,"dropped":0,"empty":0,"lost":0,"refused_triggers":0}
Warning: bench: profile dropped: bench.output_dir is longer than a profile's path may be (4095 bytes with the file's name); later ones in this process are counted in bench_info(), not repeated
{"written":0,"dropped":0,"empty":0,"lost":0,"refused_triggers":0}
Warning: bench: profile dropped: bench.output_dir is longer than a profile's path may be (4095 bytes with the file's name); later ones in this process are counted in bench_info(), not repeated
files: 0, named with pid, number and extension: 0
3990 characters:
{"written":0,"dropped":0,"empty":0,"lost":0,"refused_triggers":0}
{"written":0,"dropped":0,"empty":0,"lost":0,"refused_triggers":0}
files: 2, named with pid, number and extension: 2
