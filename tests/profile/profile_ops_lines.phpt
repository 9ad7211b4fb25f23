--TEST--
Profile mode with bench.count_ops=1: each line's opcodes, exact, on that line in callgrind; a function's lines add up to its own opcodes
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
// The script's line N is the heredoc's line N. Opcodes by hand, per call (PHP 8.2 to 8.5, no opcache):
$code = <<<'PHP'
<?php
function f($a)
{
    $b = $a + 1;
    $c = $b * 2;
    if ($c > 10) {
        $c = 10;
    }
    return $c;
}

f(1);
f(20);

PHP;
// Line 2: RECV of an argument passed to an untyped parameter, which bench does not count (docs/testing.md).
// Line 4: ADD, ASSIGN. Line 5: MUL, ASSIGN. Line 6: IS_SMALLER, whose JMPZ never runs (the VM's smart branch
// jumps for it). Line 7: ASSIGN, in f(20) only. Line 9: RETURN.
// {main}: INIT_FCALL, SEND_VAL, DO_UCALL on lines 12 and 13; the implicit RETURN 1 after the last line.
$expected = ['f' => [4 => 4, 5 => 4, 6 => 2, 7 => 1, 9 => 2], '{main}' => [12 => 3, 13 => 3, 14 => 1]];

$json = profile_json(profile_run($code, ['bench.count_ops' => '1']));
$own = array_column(array_map(fn($f) => [$f['name'], $f['own']['ops']], $json['functions']), 1, 0);
echo profile_check_sums($json), "\n";

/** A function's part of a callgrind file: its cost lines, up to its first call or its end. */
function cost_lines(string $cg, string $name): array
{
    // Names are compressed: "(2) f" the first time, as a callee or not, "(2)" after.
    preg_match_all('/^c?fn=\((\d+)\) (.+)$/m', $cg, $named, PREG_SET_ORDER);
    $id = array_search($name, array_column($named, 2, 1));
    preg_match('/^fn=\(' . $id . '\)(?: .*)?\n((?:\d+ [\d ]+\n)+)/m', $cg, $part);
    return explode("\n", trim($part[1]));
}

$cg = current(profile_run($code, ['bench.count_ops' => '1'], 'callgrind')['files']);
preg_match('/^events: (.*)$/m', $cg, $events);
$column = array_search('ops', explode(' ', $events[1])) + 1;
foreach ($expected as $name => $lines) {
    $ops = [];
    foreach (cost_lines($cg, $name) as $row) {
        $values = explode(' ', $row);
        if ($values[$column] !== '0') {
            $ops[(int) $values[0]] = (int) $values[$column];
        }
    }
    printf("%s: %s, %d in all, own %d\n", $name, $ops === $lines ? 'as counted by hand' : json_encode($ops), array_sum($ops),
        $own[$name]);
}

// Without opcode counting, each function's cost is on its first line only.
$cg = current(profile_run($code, [], 'callgrind')['files']);
echo "without bench.count_ops: f's cost lines: ", implode(', ', array_map(fn($row) => strtok($row, ' '), cost_lines($cg, 'f'))), "\n";
?>
--EXPECT--
sums exact
f: as counted by hand, 13 in all, own 13
{main}: as counted by hand, 7 in all, own 7
without bench.count_ops: f's cost lines: 2
