--TEST--
Profile mode: a script path or URI longer than the profile's field is cut on a UTF-8 character's boundary, never inside one
--DESCRIPTION--
The request's command is kept in 1,024 bytes. A longer one was cut at byte
1,023 whatever lay there: inside a two-byte character, the JSON profile got
U+FFFD for the half left, a name that is no prefix of the real one. The cut
now backs off to the character's start.
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$top = sys_get_temp_dir() . '/bench-command-' . getmypid();
mkdir($top);
// Parts of "é" (2 bytes each) after "/bench-command-PID", then after "/xx" more (an odd shift): byte 1,023 falls
// inside a character in one of the two.
foreach (['', 'xx'] as $pad) {
    $dir = $pad === '' ? $top : "$top/$pad";
    while (strlen($dir) < 1100) {
        $dir .= '/' . str_repeat('é', 100);
    }
    mkdir($dir, 0777, true);
    file_put_contents("$dir/s.php", '<?php function f() {} f();');
    exec(sprintf('%s -n -d extension=%s -d bench.mode=profile -d bench.report=0 -d bench.output_format=json '
        . '-d bench.compress=none -d bench.output_dir=%s %s 2>&1', escapeshellarg(PHP_BINARY),
        escapeshellarg(getenv('BENCH_SO')), escapeshellarg($top), escapeshellarg("$dir/s.php")), $out);
    $files = glob("$top/bench.*.json");
    $p = json_decode(file_get_contents($files[0]), true);
    echo "valid JSON: ", $p === null ? json_last_error_msg() : 'yes', "; command is the path's start, ",
        $p ? strlen($p['command']) . ' bytes: ' . (str_starts_with("$dir/s.php", $p['command']) ? 'yes' : 'no') : '-', "\n";
    array_map('unlink', $files);
}
exec('rm -rf ' . escapeshellarg($top));
?>
--EXPECTF--
valid JSON: yes; command is the path's start, 10%d bytes: yes
valid JSON: yes; command is the path's start, 10%d bytes: yes
