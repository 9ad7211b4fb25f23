<?php
// Internal calls: a loop of cheap internal function calls, the path that
// sample mode's execute_internal wrapper (PHP <= 8.3) sits on. Prints its own
// run time in ns (startup excluded) and a checksum.
$n = (int) ($argv[1] ?? 10000000);
$start = hrtime(true);
$sum = 0;
for ($i = 0; $i < $n; $i++) {
    $sum += abs($i - 5);
}
$elapsed = hrtime(true) - $start;
echo $elapsed, ' ', $sum, "\n";
