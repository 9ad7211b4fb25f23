--TEST--
Profile mode: folded stacks add up to the owned wall time, zstd and gzip profiles decompress (small ones stored in the frame or member), files are 0600 and named bench.<time>.<pid>.<seq>.<format>[.zst|.gz]
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip();
if (!bench_info()['features']['zstd']['available']) die('skip built without zstd');
if (!bench_info()['features']['zlib']['available']) die('skip built without zlib');
if (trim((string) shell_exec('command -v zstd')) === '') die('skip zstd command not installed'); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$code = file_get_contents(__DIR__ . '/workload.inc');

$folded = profile_run($code, [], 'folded');
$lines = explode("\n", trim(current($folded['files'])));
$sum = 0;
$ok = true;
foreach ($lines as $line) {
    $ok = $ok && preg_match('/^(\{request\})(;[^;]+)* (\d+)$/', $line, $m);
    $sum += (int) substr($line, strrpos($line, ' ') + 1);
}
echo "folded: every line is a stack from {request} and a value: ", var_export($ok, true), "\n";
echo "folded: a recursive path: ", var_export((bool) preg_grep('/;tree;tree;tree /', $lines), true), "\n";
echo "folded: sum > 0: ", var_export($sum > 0, true), "\n";

$z = profile_run($code, ['bench.compress' => 'zstd'], 'json');
$name = key($z['files']);
echo preg_replace('/^bench\.\d{8}T\d{6}Z\.\d+\.1\.json\.zst$/', 'bench.TIME.PID.1.json.zst', $name), "\n";
$tmp = tempnam(sys_get_temp_dir(), 'bench-zst');
file_put_contents($tmp, current($z['files']));
$json = json_decode((string) shell_exec('zstd -dc ' . escapeshellarg($tmp)), true);
echo "zstd: decompresses to a profile: ", var_export(isset($json['totals'], $json['functions']), true), "\n";
echo "zstd: ", profile_check_sums($json), "\n";

// A profile that fits in a file-system block with its frame is stored in it as it is: any zstd or gzip reader reads it.
// Its frame: zstd's header (9 or 10 bytes), gzip's header, stored block header and trailer (10 + 5 + 8).
$tools = ['zstd' => ['zstd -t -q', 'zstd -dc', fn($plain) => strlen($plain) < 256 ? 9 : 10],
    'gzip' => ['gzip -t -q', 'gzip -dc', fn($plain) => 23]];
foreach ($tools as $compress => [$check, $decompress, $frame]) {
    foreach (['tiny folded' => ['<?php echo 1;', 'folded'], 'small callgrind' => ['<?php echo 1;', 'callgrind'],
            'large json' => [$code, 'json']] as $label => [$script, $format]) {
        $run = profile_run($script, ['bench.compress' => $compress], $format);
        file_put_contents($tmp, current($run['files']));
        exec("$check " . escapeshellarg($tmp), $_, $status);
        $plain = (string) shell_exec("$decompress " . escapeshellarg($tmp));
        $size = filesize($tmp);
        unlink($tmp);
        printf("%s %s: %s, %s, %s\n", $compress, $label, $status === 0 && str_contains($plain, $format === 'json' ? '"totals"' : '{main}') ? 'reads back' : 'broken',
            $size === strlen($plain) + $frame($plain) ? 'stored' : ($size < strlen($plain) / 2 ? 'compressed' : "$size bytes of " . strlen($plain)),
            preg_replace('/^bench\.\d{8}T\d{6}Z\.\d+\.1\./', '', key($run['files'])));
    }
}

// Mode 0600, written by rename (no temporary file left behind).
$dir = sys_get_temp_dir() . '/bench-mode-' . getmypid();
mkdir($dir);
exec(sprintf('%s -n -d extension=%s -d bench.mode=profile -d bench.report=0 -d bench.output_dir=%s -r "echo 1;"', PHP_BINARY,
    escapeshellarg(getenv('BENCH_SO')), escapeshellarg($dir)));
$files = glob("$dir/*");
printf("files: %d, mode %o, %s\n", count($files), fileperms($files[0]) & 0777, basename($files[0]) === basename($files[0], '.tmp') ? 'final name' : 'temporary');
array_map('unlink', $files);
profile_forget_usage($dir);
rmdir($dir);
?>
--EXPECT--
folded: every line is a stack from {request} and a value: true
folded: a recursive path: true
folded: sum > 0: true
bench.TIME.PID.1.json.zst
zstd: decompresses to a profile: true
zstd: sums exact
zstd tiny folded: reads back, stored, wall_ns.folded.zst
zstd small callgrind: reads back, stored, callgrind.zst
zstd large json: reads back, compressed, json.zst
gzip tiny folded: reads back, stored, wall_ns.folded.gz
gzip small callgrind: reads back, stored, callgrind.gz
gzip large json: reads back, compressed, json.gz
files: 1, mode 600, final name
