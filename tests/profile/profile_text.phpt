--TEST--
Profile mode: a newline, a ';', a byte that is not UTF-8 or a trailing " 2" in a file name or the command keeps callgrind, folded stacks and pprof readable
--DESCRIPTION--
File names reach profiles in names (include:FILE) and as the command; under
php-fpm the command is the URI, which the client chooses. A newline ended a
callgrind line (callgrind_annotate: "malformed line", or with "events:"
after it, "too many event counts"); folded stacks broke into two lines;
flame graph tools stop at a byte that is not UTF-8; proto3 strings must be
UTF-8; and a name ending in " 2" ended its folded line as "... 2 300", two
values, which flame graph tools draw as a differential graph.
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip();
if (trim((string) shell_exec('command -v callgrind_annotate')) === '') die('skip callgrind_annotate not installed');
if (!is_file('/usr/share/gocode/src/github.com/google/pprof/proto/profile.proto') || trim((string) shell_exec('command -v protoc')) === '') {
    die('skip protoc or pprof\'s profile.proto not installed');
} ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$dir = sys_get_temp_dir() . '/bench-profile-text-' . getmypid();
mkdir($dir);
$odd = "part\none;two\xe9 2";
file_put_contents("$dir/$odd", '<?php for ($i = 0; $i < 1000; $i++) { $x[] = str_repeat("x", 100); }');
$script = "$dir/main\nevents: a b c.php";
file_put_contents($script, '<?php include __DIR__ . "/' . addcslashes($odd, "\n\\\"\$") . '"; echo "ran\n";');

$files = [];
foreach (['callgrind', 'folded', 'pprof'] as $format) {
    exec(sprintf('%s -n -d extension=%s -d bench.mode=profile -d bench.report=0 -d bench.compress=none -d bench.output_format=%s '
        . '-d bench.output_dir=%s %s 2>&1', escapeshellarg(PHP_BINARY), escapeshellarg(getenv('BENCH_SO')), $format,
        escapeshellarg($dir), escapeshellarg($script)), $out);
    $written = glob("$dir/bench.*");
    $files[$format] = "$dir/$format.out";
    rename($written[0], $files[$format]);
}
echo implode("\n", array_unique($out)), "\n";

$annotated = shell_exec('callgrind_annotate ' . escapeshellarg($files['callgrind']) . ' 2>&1');
echo "callgrind_annotate: ", str_contains($annotated, 'alformed') || str_contains($annotated, 'too many') ? $annotated : 'read', "\n";
preg_match('/^cmd: (.*)$/m', file_get_contents($files['callgrind']), $m);
echo "cmd: ", str_replace($dir, 'DIR', $m[1]), "\n";
preg_match('/^c?fn=\(\d+\) (include:.*)$/m', file_get_contents($files['callgrind']), $m);
echo "callgrind name: ", str_replace($dir, 'DIR', $m[1]), "\n";

$folded = file_get_contents($files['folded']);
echo "folded: valid UTF-8: ", preg_match('//u', $folded) ? 'yes' : 'no', "\n";
$frames = [];
foreach (explode("\n", trim($folded)) as $line) {
    if (!preg_match('/^\{request\}(;[^;]+)* (\d+)$/', $line) || preg_match('/ \d+ \d+$/', $line)) {
        echo "folded: bad line: $line\n";
    }
    $frames = [...$frames, ...explode(';', substr($line, 0, strrpos($line, ' ')))];
}
// Without the directory that holds all of the request's files (here, both are in DIR).
echo "folded frame: ", str_replace($dir, 'DIR', current(preg_grep('/^include:/', $frames)) ?: '-'), "\n";

$proto = '/usr/share/gocode/src/github.com/google/pprof/proto/profile.proto';
exec(sprintf('cd %s && protoc --decode=perftools.profiles.Profile profile.proto < %s 2>&1', escapeshellarg(dirname($proto)),
    escapeshellarg($files['pprof'])), $decoded, $status);
echo "pprof: protoc ", $status === 0 ? 'decodes it' : 'fails: ' . implode("\n", $decoded), "\n";
array_map('unlink', glob("$dir/*"));
profile_forget_usage($dir);
rmdir($dir);
?>
--EXPECT--
ran
callgrind_annotate: read
cmd: DIR/main?events: a b c.php
callgrind name: include:part?one;two� 2
folded: valid UTF-8: yes
folded frame: include:part?one:two�_2
pprof: protoc decodes it
