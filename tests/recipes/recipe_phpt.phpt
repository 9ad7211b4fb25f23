--TEST--
Recipe (docs/testing.md): a phpt that asserts what a function costs per call, warm, exactly
--EXTENSIONS--
bench
--INI--
bench.count_ops=1
opcache.enable_cli=0
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
// Bytes follow the PHP version's string sizes: pinned per version (8.5's are smaller, and a thread-safe 8.2's).
$bytes = PHP_VERSION_ID >= 80500 || PHP_ZTS ? 504 : 521;
foreach (['allocs', 'alloc_bytes', 'frees', 'ops'] as $counter) {
    $warm = $cost['warm'][$counter];
    echo "$counter: ", $counter === 'alloc_bytes' && $warm === $bytes ? 'as pinned' : var_export($warm, true), "\n";
}
?>
--EXPECT--
allocs: 10
alloc_bytes: as pinned
frees: 10
ops: 27
