--TEST--
benchmarks/rank: each owner's share of a request from profile mode (N and 2N requests), summed over subjects
--SKIPIF--
<?php if (!getenv('BENCH_SO')) die('skip BENCH_SO (the bench.so under test) not set: run through scripts/test'); ?>
--FILE--
<?php
require __DIR__ . '/fixtures.inc';
$dir = fixture_dir();
file_put_contents("$dir/subjects.php", <<<'PHP'
<?php
function three(): array { return [str_repeat('a', 50), str_repeat('b', 50), str_repeat('c', 50)]; }
function one(): string { return str_repeat('d', 50); }
return [
    // Per request: three() makes 3 strings and its array (HashTable + data), one() 1 string.
    'first' => ['k' => 1, 'run' => fn() => count(three()) + strlen(one()), 'expect' => 53],
    // Only one() allocates here.
    'second' => ['k' => 1, 'run' => fn() => strlen(one()), 'expect' => 50],
];
PHP);
[$status, $out] = fixture_tool('rank', "--metric=allocs --requests=7 --subjects=$dir/subjects.php --ext=" . escapeshellarg(getenv('BENCH_SO')), $dir);
echo "exit $status\n", implode("\n", array_slice($out, 2)), "\n";
fixture_clean($dir);
?>
--EXPECT--
exit 0

top owners by share of allocs, summed over 2 app requests (1.00 = all of one request)
   share  owner
   1.167  one
   0.833  three
