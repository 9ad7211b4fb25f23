<?php
/*
 * Runs one subject's request N times, for benchmarks/rank under
 * bench.mode=profile: the profile of this process is the subject's.
 *
 *   php -d bench.mode=profile ... lib/rank_request.php FILE NAME N
 */
require __DIR__ . '/results.php';

[$file, $name, $n] = array_slice($argv, 1, 3) + [null, null, '50'];
$subjects = bench_load_subjects((string) $file);
if (!isset($subjects[$name])) {
    bench_fail("$file has no subject \"$name\"");
}
$run = $subjects[$name]['run'];
for ($i = 0, $n = (int) $n; $i < $n; $i++) {
    if ($run() !== $subjects[$name]['expect']) {
        bench_fail("subject $name returned a wrong result");
    }
}
