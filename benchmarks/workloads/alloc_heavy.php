<?php
// Allocation-heavy: strings, arrays and objects made and dropped in a loop.
// Prints its own run time in ns (startup excluded) and a checksum.
$n = (int) ($argv[1] ?? 300000);
$start = hrtime(true);
$sum = 0;
for ($i = 0; $i < $n; $i++) {
    $s = str_repeat('x', $i & 63) . $i;
    $a = [$i, $s, [$i + 1]];
    $o = new ArrayObject($a);
    $sum += strlen($s) + count($o);
}
$elapsed = hrtime(true) - $start;
echo $elapsed, ' ', $sum, "\n";
