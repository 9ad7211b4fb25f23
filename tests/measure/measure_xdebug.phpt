--TEST--
bench_measure() next to Xdebug: opcodes count the same in every mode (its statement markers and its observer's RECVs are left out), allocations too but in develop and trace mode, which bench_info()['disturbances'] then names
--SKIPIF--
<?php require __DIR__ . '/../profile/profile.inc'; profile_skip();
if (!is_file(ini_get('extension_dir') . '/xdebug.so')) die('skip Xdebug not installed (php8.2-xdebug)'); ?>
--FILE--
<?php
require __DIR__ . '/../profile/profile.inc';
$code = <<<'PHP'
<?php
function slug(string $title, $separator = '-') { return trim(strtolower(preg_replace('/[^a-z0-9]+/i', $separator, $title)), $separator); }
function cell($value) { return '<td>' . $value . '</td>'; }
$r = bench_measure(fn() => cell(slug('Hello World')), 100);
printf("allocs=%s ops=%s disturbances=%d\n", var_export($r['warm']['allocs'], true), var_export($r['warm']['ops'], true),
    count(bench_info()['disturbances']));
PHP;
$script = tempnam(sys_get_temp_dir(), 'bench-xdebug');
file_put_contents($script, $code);
foreach (['(not loaded)', 'off', 'coverage', 'debug', 'profile', 'develop', 'trace'] as $mode) {
    $xdebug = $mode === '(not loaded)' ? '' : sprintf('-d zend_extension=xdebug -d xdebug.mode=%s -d xdebug.start_with_request=no', $mode);
    $out = shell_exec(sprintf('%s -n -d extension=%s -d bench.count_ops=1 %s %s 2>&1', escapeshellarg(PHP_BINARY),
        escapeshellarg(getenv('BENCH_SO')), $xdebug, escapeshellarg($script)));
    $results[$mode] = trim((string) $out);
}
unlink($script);
$plain = $results['(not loaded)'];
echo "without Xdebug: $plain\n";
foreach ($results as $mode => $result) {
    preg_match('/allocs=(\d+) ops=(\d+) disturbances=(\d+)/', $result, $m);
    preg_match('/allocs=(\d+) ops=(\d+)/', $plain, $p);
    if (!$m || !$p) {
        echo "$mode: $result\n";
        continue;
    }
    printf("%s: ops %s, allocs %s, disturbances %d\n", $mode, $m[2] === $p[2] ? 'same' : "$m[2]",
        $m[1] === $p[1] ? 'same' : ($m[1] > $p[1] ? 'more' : "fewer ($m[1])"), $m[3]);
}
?>
--EXPECTF--
without Xdebug: allocs=%d ops=%d disturbances=0
(not loaded): ops same, allocs same, disturbances 0
off: ops same, allocs same, disturbances 0
coverage: ops same, allocs same, disturbances 0
debug: ops same, allocs same, disturbances 0
profile: ops same, allocs same, disturbances 0
develop: ops same, allocs more, disturbances 1
trace: ops same, allocs more, disturbances 1
