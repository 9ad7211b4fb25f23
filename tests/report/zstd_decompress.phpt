--TEST--
bench_zstd_decompress(): frames written by the zstd tool and by bench, concatenated frames, and clear errors for foreign, truncated and oversized data
--SKIPIF--
<?php
require __DIR__ . '/../profile/profile.inc';
profile_skip();
if (!bench_info()['features']['zstd']['available']) die('skip bench built without libzstd');
if (trim((string) shell_exec('command -v zstd')) === '') die('skip the zstd tool is not installed');
?>
--FILE--
<?php
function zstd_tool(string $data, int $level): string
{
    $file = tempnam(sys_get_temp_dir(), 'bench-zstd');
    file_put_contents($file, $data);
    $out = shell_exec("zstd -q -$level -c " . escapeshellarg($file));
    unlink($file);
    return $out;
}
$text = str_repeat("{request};{main};leaf 1234\n", 5000);
foreach ([1, 19] as $level) {
    $z = zstd_tool($text, $level);
    printf("level %d: %d bytes back, equal: %s\n", $level, strlen(bench_zstd_decompress($z)),
        bench_zstd_decompress($z) === $text ? 'yes' : 'no');
}
printf("two frames: %d bytes\n", strlen(bench_zstd_decompress($z . zstd_tool('tail', 3))));
printf("empty frame: '%s'\n", bench_zstd_decompress(zstd_tool('', 3)));
printf("at the limit: %d bytes\n", strlen(bench_zstd_decompress($z, strlen($text))));

// A profile as bench writes it (small: stored in a raw block of a zstd frame).
require __DIR__ . '/../profile/profile.inc';
$files = profile_run('<?php function f() { return str_repeat("x", 100); } f();', ['bench.compress' => 'zstd'], 'folded')['files'];
echo "bench wrote: ", implode(', ', array_map(fn($name) => preg_replace('/^bench\.[^.]+\.\d+\.\d+/', 'bench.*', $name), array_keys($files))), "\n";
echo preg_replace('/ \d+$/m', ' N', bench_zstd_decompress(current($files)));

foreach (['foreign' => 'not zstd at all', 'truncated' => substr($z, 0, (int) (strlen($z) / 2)),
        'oversized' => [$z, 1000], 'short' => "\x28\xb5"] as $what => $data) {
    try {
        is_array($data) ? bench_zstd_decompress(...$data) : bench_zstd_decompress($data);
        echo "$what: no error\n";
    } catch (ValueError $e) {
        echo "$what: ", $e->getMessage(), "\n";
    }
}
try {
    bench_zstd_decompress($z, -1);
} catch (ValueError $e) {
    echo $e->getMessage(), "\n";
}
?>
--EXPECT--
level 1: 135000 bytes back, equal: yes
level 19: 135000 bytes back, equal: yes
two frames: 135004 bytes
empty frame: ''
at the limit: 135000 bytes
bench wrote: bench.*.wall_ns.folded.zst
{request} N
{request};{main} N
{request};{main};f N
foreign: bench_zstd_decompress(): $data is not zstd (no zstd frame at its start)
truncated: bench_zstd_decompress(): $data is truncated (its last frame ends past the data)
oversized: bench_zstd_decompress(): $data is more than 1000 bytes once decompressed
short: bench_zstd_decompress(): $data is not zstd (no zstd frame at its start)
bench_zstd_decompress(): Argument #2 ($max_length) must be greater than or equal to 0
