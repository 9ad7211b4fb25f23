--TEST--
benchmarks/rank: by default ranks by opcodes, which are exact (wall time picked different leaders from run to run); with wall time it ranks several times and prints the spread
--SKIPIF--
<?php if (!getenv('BENCH_SO')) die('skip BENCH_SO (the bench.so under test) not set: run through scripts/test'); ?>
--FILE--
<?php
require __DIR__ . '/fixtures.inc';
$dir = fixture_dir();
file_put_contents("$dir/subjects.php", <<<'PHP'
<?php
function busy(int $n): int { $s = 0; for ($i = 0; $i < $n; $i++) { $s += $i; } return $s; }
function light(): int { return 1; }
return [
    // Per request busy() runs its loop 30 times, light() returns: busy leads by opcodes every time.
    'only' => ['k' => 1, 'run' => fn() => busy(30) + light(), 'expect' => 436],
];
PHP);
$ext = ' --ext=' . escapeshellarg(getenv('BENCH_SO'));
[$status, $out] = fixture_tool('rank', "--requests=5 --subjects=$dir/subjects.php$ext", $dir);
echo "exit $status\n", str_replace($dir, 'DIR', implode("\n", array_slice($out, 1))), "\n";

// Time: the numbers, the owners' order and the leader move; the shape of the output does not.
// A request of some 100 us, so that no ranking is all clock noise.
file_put_contents("$dir/heavy.php", str_replace('busy(30) + light(), \'expect\' => 436', 'busy(20000), \'expect\' => 199990000',
    file_get_contents("$dir/subjects.php")));
[$status, $out] = fixture_tool('rank', "--metric=wall_ns --repeats=3 --requests=5 --subjects=$dir/heavy.php$ext", $dir);
$header = array_search('', $out, true);
// A loaded machine can leave one ranking with nothing above the clock's noise: the count of requests may vary.
echo "exit $status\n", preg_replace('/over \d app/', 'over N app', $out[$header + 1]), "\n", $out[$header + 2], "\n";
$rows = array_slice($out, $header + 3, -1);
echo count($rows) >= 1 && count(preg_grep('/^ +\d\.\d{3} +\d\.\d{3} to \d\.\d{3} +[0-3] of 3 +\S/', $rows)) === count($rows)
    ? "rows: share, range, places held\n" : "rows: " . implode("\n", $rows) . "\n";
echo preg_replace('/was .* in [1-3] of 3/', 'was OWNER in N of 3', end($out)), "\n";
fixture_clean($dir);
?>
--EXPECT--
exit 0

top owners by share of ops, summed over 1 app requests (1.00 = all of one request)
   share  owner
   0.924  busy
   0.067  {closure}@DIR/subjects.php:6
   0.010  light
exit 0
top owners by share of wall_ns, summed over N app requests (1.00 = all of one request)
   share            range   same place  owner
rows: share, range, places held
the leader was OWNER in N of 3 rankings
