<?php
// Call-heavy: millions of small userland and internal calls, little allocation.
// Prints its own run time in ns (startup excluded) and a checksum.
function add(int $a, int $b): int { return $a + $b; }
class Vec { public function __construct(public int $x) {} public function len(): int { return abs($this->x); } }

$n = (int) ($argv[1] ?? 2000000);
$start = hrtime(true);
$sum = 0;
$v = new Vec(-3);
for ($i = 0; $i < $n; $i++) {
    $sum = add($sum, $i & 7);
    $sum += $v->len();
    $sum += strlen('abc');
}
$elapsed = hrtime(true) - $start;
echo $elapsed, ' ', $sum, "\n";
