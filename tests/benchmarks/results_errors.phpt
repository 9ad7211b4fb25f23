--TEST--
benchmarks/compare and noise: missing or corrupt result files are one clear error (exit 2), not a cascade of PHP warnings
--FILE--
<?php
require __DIR__ . '/fixtures.inc';
$dir = fixture_dir();
fixture_result($dir, 'A', 'one', []);
fixture_result($dir, 'A', 'two', []);
fixture_result($dir, 'B', 'one', []);

$show = function (string $tool, string $args) use ($dir) {
    [$status, $out] = fixture_tool($tool, $args, $dir);
    echo "exit $status: ", str_replace($dir, 'DIR', implode(' | ', $out)), "\n";
};
$show('compare', 'A missing');
$show('compare', 'A B');                        // B lacks a subject
file_put_contents("$dir/B/two.json", '{"subject": "two", "k": 10, "cold": {');
$show('compare', 'A B');                        // corrupt JSON
file_put_contents("$dir/B/two.json", '{"subject": "two", "k": 10, "cold": {}}');
$show('noise', 'A B');                          // a key missing
file_put_contents("$dir/B/two.json", json_encode(['subject' => 'two', 'k' => 10, 'setup' => fixture_setup(),
    'cold' => array_fill_keys(FIXTURE_METRICS, 1), 'warm' => ['wall_ns' => 'fast'] + array_fill_keys(FIXTURE_METRICS, 1)]));
$show('compare', 'A B');                        // a value that is not a number
file_put_contents("$dir/B/two.json", json_encode(['subject' => 'two', 'k' => 10, 'cold' => [], 'warm' => []]));
$show('compare', 'A B');                        // written before runs recorded their setup
$show('compare', 'A A --thresholds=DIR/none.json');
$show('compare', 'A');
fixture_clean($dir);
?>
--EXPECT--
exit 2: compare: no results in DIR/missing (run benchmarks/run first)
exit 2: compare: A and B hold different subjects (only in A: two; only in B: -)
exit 2: compare: result file DIR/B/two.json is not valid JSON (Syntax error)
exit 2: noise: result file DIR/B/two.json has no "warm"
exit 2: compare: result file DIR/B/two.json: warm.wall_ns is missing or not a number
exit 2: compare: result file DIR/B/two.json has no setup.k (written by an older benchmarks/run: run it again)
exit 2: compare: thresholds file DIR/none.json is missing (run benchmarks/noise A1 A2 first)
exit 2: compare: usage: compare A B [--thresholds=FILE] [--all] [--allow=NAME,...] [--svg=FILE]
