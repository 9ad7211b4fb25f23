--TEST--
Exact opcode counts depend on opcache's optimizer (docs/testing.md): the recipes' Html::row() runs fewer opcodes a call with opcache.enable_cli=1, the same as without opcache at opcache.optimization_level=0, and its allocations and bytes do not change
--SKIPIF--
<?php
require __DIR__ . '/../profile/profile.inc';
profile_skip();
profile_opcache_skip();
?>
--FILE--
<?php
require __DIR__ . '/../profile/profile.inc';
$script = sys_get_temp_dir() . '/bench-ops-opcache-' . getmypid() . '.php';
file_put_contents($script, <<<'PHP'
<?php
final class Html
{
    public static function row(array $cells): string
    {
        $html = '<tr>';
        foreach ($cells as $cell) {
            $html .= '<td>' . $cell . '</td>';
        }
        return $html . '</tr>';
    }
}
$warm = bench_measure(fn() => Html::row(['Ada', 'Lovelace', '1815']), k: 100)['warm'];
echo json_encode([$warm['ops'], $warm['allocs'], $warm['alloc_bytes'], opcache_get_status(false)['opcache_enabled'] ?? false]);
PHP);
$run = function (string $ini) use ($script): array {
    $opcache = '';
    foreach (profile_opcache_ini() as $k => $v) {
        $opcache .= ' -d ' . escapeshellarg("$k=$v");
    }
    $out = shell_exec(sprintf('%s -n %s %s -d extension=%s -d bench.count_ops=1 %s 2>&1', escapeshellarg(PHP_BINARY), $opcache, $ini,
        escapeshellarg(getenv('BENCH_SO')), escapeshellarg($script)));
    return json_decode((string) $out, true) ?? [$out];
};
$off = $run('-d opcache.enable_cli=0');
$on = $run('-d opcache.enable_cli=1');
$level0 = $run('-d opcache.enable_cli=1 -d opcache.optimization_level=0');
printf("opcache off: cached %s; on: cached %s\n", var_export($off[3], true), var_export($on[3], true));
printf("opcodes a call: fewer with the optimizer: %s; the same at optimization_level=0: %s\n",
    var_export($on[0] < $off[0], true), var_export($level0[0] === $off[0], true));
printf("allocations and bytes the same: %s\n", var_export([$on[1], $on[2]] === [$off[1], $off[2]], true));
unlink($script);
?>
--EXPECT--
opcache off: cached false; on: cached true
opcodes a call: fewer with the optimizer: true; the same at optimization_level=0: true
allocations and bytes the same: true
