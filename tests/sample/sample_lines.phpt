--TEST--
Sample mode: every frame keeps its line (the leaf's running line, each caller's call), in the JSON tree and callgrind's cost and calls= lines; folded stacks stay by function, and name lines with bench.folded_lines=1
--DESCRIPTION--
work() spins 150 ms in an inner loop on line 6, checking the time once a
thousand rounds on line 5; the VM takes a sample where it checks the
interrupt, at a loop's jump back, so line 6 gets nearly every sample of
work's own: at least 80% of them unless the machine stalls the process on
line 5's rare rounds (none seen in 100 runs). usleep(), called on line 8,
is a leaf of line 0 (an internal function has no lines) whose caller is at
line 8.
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip();
if (getenv('SKIP_PERF_SENSITIVE')) die('skip samples under valgrind are too few'); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$code = <<<'PHP'
<?php
function work(): int
{
    $n = 0;
    for ($t = hrtime(true); hrtime(true) - $t < 150e6;) {
        for ($j = 0; $j < 1000; $j++) { $n += $j % 7; }
    }
    usleep(30000);
    return $n;
}

echo work() > 0 ? "done\n" : "none\n";

PHP;
// The script's line N is the heredoc's line N.
$ini = ['bench.sample_interval_us' => '1000'];
$p = profile_json(sample_run($code, $ini, 'json'));
$lines = [];
$usleep = [];
foreach ($p['tree'] as $node) {
    $name = $p['functions'][$node['function']]['name'];
    if ($name === 'work') {
        $lines[$node['line']] = ($lines[$node['line']] ?? 0) + $node['own']['wall_ns'];
    }
    if ($name === 'usleep') {
        $usleep[] = "line {$node['line']}, called at {$node['call_line']}, parent at line {$p['tree'][$node['parent']]['line']}";
    }
}
arsort($lines);
$own = array_sum($lines);
printf("work's own time: mostly line %d: %s\n", array_key_first($lines), reset($lines) >= 0.8 * $own ? 'yes' : "no ($own ns, " . json_encode($lines) . ')');
echo "usleep: ", implode('; ', array_unique($usleep)), "\n";

// callgrind: in work's part, the cost line after "calls=" is the call's line; the others its own cost's.
$cg = current(sample_run($code, $ini, 'callgrind')['files']);
preg_match_all('/^c?fn=\((\d+)\) (.+)$/m', $cg, $named, PREG_SET_ORDER);
$names = array_column($named, 2, 1);
preg_match('/^fn=\(' . array_search('work', $names) . '\)(?: work)?\n(.*?)\n\n/ms', $cg, $block);
$seen = [];
$callee = null;
$call = false;
foreach (explode("\n", $block[1]) as $row) {
    if (preg_match('/^cfn=\((\d+)\)/', $row, $m)) {
        $callee = $names[$m[1]];
    } elseif (str_starts_with($row, 'calls=')) {
        $call = true;
    } elseif (preg_match('/^(\d+) (\d+)/', $row, $m)) {
        $seen[] = $call ? "$callee called at line $m[1]" : "own cost at line $m[1]";
        $call = false;
    }
}
// (A tick may land on line 5, and in hrtime() called there: only what is sure is shown.)
echo "callgrind: ", implode('; ', array_intersect(array_unique($seen), ['own cost at line 6', 'usleep called at line 8'])), "\n";

// Folded stacks name functions only: one line for work's own time, whatever its lines.
$paths = sample_folded(current(sample_run($code, $ini)['files']));
echo "folded work lines: ", count(array_filter(array_keys($paths), fn($path) => $path === '{request};{main};work')), "\n";
$paths = sample_folded(current(sample_run($code, $ini + ['bench.folded_lines' => '1'])['files']));
arsort($paths);
echo "folded with lines, heaviest: ", array_key_first($paths), "\n";
?>
--EXPECT--
work's own time: mostly line 6: yes
usleep: line 0, called at 8, parent at line 8
callgrind: own cost at line 6; usleep called at line 8
folded work lines: 1
folded with lines, heaviest: {request};{main}:12;work:6
