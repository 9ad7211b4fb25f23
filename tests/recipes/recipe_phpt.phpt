--TEST--
Recipe (docs/testing.md): a phpt that asserts what a function costs per call, warm, exactly
--EXTENSIONS--
bench
--INI--
bench.count_ops=1
xdebug.mode=off
--FILE--
<?php
final class Html
{
    /** @param list<string> $cells */
    public static function row(array $cells): string
    {
        $html = '<tr>';
        foreach ($cells as $cell) {
            $html .= '<td>' . $cell . '</td>';
        }
        return $html . '</tr>';
    }
}

$cost = bench_measure(fn() => Html::row(['Ada', 'Lovelace', '1815']), k: 100);
foreach (['allocs', 'alloc_bytes', 'frees', 'ops'] as $counter) {
    echo "$counter: ", var_export($cost['warm'][$counter], true), "\n";
}
?>
--EXPECT--
allocs: 10
alloc_bytes: 521
frees: 10
ops: 27
