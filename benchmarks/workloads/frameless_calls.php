<?php
// Frameless calls: a loop of cheap calls that PHP 8.4+ compiles to frameless
// calls (str_contains), the path that sample mode's frameless wrappers (PHP
// 8.5) sit on; a plain internal call on 8.2. Prints its own run time in ns
// (startup excluded) and a checksum.
$n = (int) ($argv[1] ?? 10000000);
$start = hrtime(true);
$sum = 0;
for ($i = 0; $i < $n; $i++) {
    $sum += str_contains('abcdef', 'cd') ? $i & 3 : 0;
}
$elapsed = hrtime(true) - $start;
echo $elapsed, ' ', $sum, "\n";
