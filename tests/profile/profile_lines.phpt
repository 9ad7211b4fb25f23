--TEST--
Profile mode: each call is put on the line of its call site, in JSON edges and tree and in callgrind, which callgrind_annotate --auto=yes shows on those lines; two lines calling one function are two call sites
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip();
if (trim((string) shell_exec('command -v callgrind_annotate')) === '') die('skip callgrind_annotate (valgrind) not installed'); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
// Line numbers matter: the script's line N is this heredoc's line N.
$code = <<<'PHP'
<?php
function leaf(int $n): string
{
    $s = '';
    for ($i = 0; $i < $n; $i++) {
        $s .= chr(65 + $i % 26);
    }
    return $s;
}

function caller(): int
{
    $a = leaf(10);
    $b = leaf(20);
    $c = array_map(fn($n) => leaf($n), [3, 4]);
    return strlen($a . $b) + count($c);
}

echo caller(), "\n";
echo caller(), "\n";

PHP;

$p = profile_json(profile_run($code));
echo "JSON edges:\n";
foreach ($p['edges'] as $e) {
    [$caller, $callee] = preg_replace('/@.*:/', '@script.php:', [$e['caller'], $e['callee']]);
    printf("  %s -> %s at %d: calls %d\n", $caller, $callee, $e['call_line'], $e['calls']);
}
// Each node is a call site: leaf under caller() twice per caller() node, one per line.
$sites = [];
foreach ($p['tree'] as $node) {
    $name = $p['functions'][$node['function']]['name'];
    if ($name === 'leaf' && $p['functions'][$p['tree'][$node['parent']]['function']]['name'] === 'caller') {
        $sites[] = $node['call_line'];
    }
}
sort($sites);
echo "tree: leaf under caller at lines ", implode(', ', $sites), "\n";
echo profile_check_sums($p), "\n";

// callgrind_annotate reads the script where the profile says it is: put it back there for it.
$run = profile_run($code, [], 'callgrind');
mkdir($run['dir']);
file_put_contents($run['dir'] . '/script.php', $code);
$cg = $run['dir'] . '/profile.callgrind';
file_put_contents($cg, current($run['files']));
exec('callgrind_annotate --auto=yes ' . escapeshellarg($cg) . ' 2>&1', $out, $status);
array_map('unlink', glob($run['dir'] . '/*'));
rmdir($run['dir']);
echo "callgrind_annotate exit $status\n";

// The annotated script: each line's costs (a number, or "." for none) per event, then the source.
$text = implode("\n", $out);
preg_match('/^Events shown:\s+(.+)$/m', $text, $events);
$n = count(preg_split('/\s+/', trim($events[1])));
$cost = '(?:[\d,]+(?: \([^)]*\))?|\.)';
$source = explode("\n", substr($text, strpos($text, 'Auto-annotated source: ' . $run['dir'] . '/script.php')));
$line = 0;
// Past its title, the script's part ends at the next rule.
foreach (array_slice($source, 2) as $row) {
    if (str_starts_with($row, '---')) {
        break;
    }
    if (!preg_match("/^\s*($cost(?:\s+$cost){" . ($n - 1) . "})(?:  (.*))?$/", $row, $m)) {
        continue;
    }
    $m[2] ??= '';
    $costed = trim(str_replace('.', '', $m[1])) !== '';
    if (str_starts_with($m[2], '=> ')) {
        // A call made on the line before it.
        echo "  line $line calls ", preg_replace('/^=> .*?:(leaf|caller|\{closure\})(@\S*)?/', '$1', $m[2]), "\n";
        continue;
    }
    $line++;
    if ($costed) {
        echo "  line $line owns cost: ", trim($m[2]), "\n";
    }
}
?>
--EXPECT--
JSON edges:
  {main} -> caller at 19: calls 1
  {main} -> caller at 20: calls 1
  caller -> leaf at 13: calls 2
  caller -> leaf at 14: calls 2
  caller -> {closure}@script.php:15 at 15: calls 4
  {closure}@script.php:15 -> leaf at 15: calls 4
  {request} -> {main} at 0: calls 1
tree: leaf under caller at lines 13, 13, 14, 14
sums exact
callgrind_annotate exit 0
  line 1 owns cost: <?php
  line 2 owns cost: function leaf(int $n): string
  line 11 owns cost: function caller(): int
  line 13 calls leaf (2x)
  line 14 calls leaf (2x)
  line 15 owns cost: $c = array_map(fn($n) => leaf($n), [3, 4]);
  line 15 calls {closure} (4x)
  line 19 calls caller (1x)
  line 20 calls caller (1x)
