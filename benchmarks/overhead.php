<?php
/*
 * bench's own overhead: each workload run in its own process under several
 * configurations, interleaved round by round in a shuffled order, so that
 * the shared VM's drift hits every configuration alike. Each workload times
 * itself (process startup excluded). Prints, per configuration, the median
 * time and its ratio to the median of "none" (no extension), beside the A/A
 * ratio of "none again" (the same configuration twice: the noise floor).
 *
 *   php benchmarks/overhead.php [--runs=N] [--ext=path/to/bench.so] [--php=php8.2]
 */
$opts = getopt('', ['runs:', 'ext:', 'php:']);
$runs = (int) ($opts['runs'] ?? 15);
$ext = $opts['ext'] ?? dirname(__DIR__) . '/.work/build-8.2/modules/bench.so';
$php = $opts['php'] ?? PHP_BINARY;
if (!is_file($ext)) {
    fwrite(STDERR, "overhead: $ext not found: build first (scripts/demo or scripts/test)\n");
    exit(1);
}
$load = "-d extension=$ext";
$workloads = [
    'call_heavy' => [__DIR__ . '/workloads/call_heavy.php', 2000000, [
        'none'           => '',
        'none again'     => '',
        'bench off'      => "$load -d bench.mode=off",
    ]],
    'alloc_heavy' => [__DIR__ . '/workloads/alloc_heavy.php', 300000, [
        'none'           => '',
        'none again'     => '',
        'bench off'      => "$load",
        'count_allocs=1' => "$load -d bench.count_allocs=1",
    ]],
];

function run_one(string $php, string $flags, string $script, int $n, ?string &$checksum): int
{
    $out = shell_exec(sprintf('%s -n %s %s %d', escapeshellcmd($php), $flags, escapeshellarg($script), $n));
    if (!preg_match('/^(\d+) (\S+)$/', trim((string) $out), $m)) {
        fwrite(STDERR, "overhead: unexpected output from $script: $out\n");
        exit(1);
    }
    if ($checksum !== null && $checksum !== $m[2]) {
        fwrite(STDERR, "overhead: checksum of $script changed: {$m[2]} vs $checksum\n");
        exit(1);
    }
    $checksum = $m[2];
    return (int) $m[1];
}

function median(array $xs): float
{
    sort($xs);
    $n = count($xs);
    return $n % 2 ? $xs[intdiv($n, 2)] : ($xs[$n / 2 - 1] + $xs[$n / 2]) / 2;
}

printf("php %s, %d interleaved runs per configuration\n", trim(shell_exec(escapeshellcmd($php) . ' -n -r "echo PHP_VERSION;"')), $runs);
foreach ($workloads as $name => [$script, $n, $configs]) {
    $times = array_fill_keys(array_keys($configs), []);
    $checksum = null;
    for ($r = 0; $r < $runs; $r++) {
        $order = array_keys($configs);
        shuffle($order);
        foreach ($order as $label) {
            $times[$label][] = run_one($php, $configs[$label], $script, $n, $checksum);
        }
    }
    $base = median($times['none']);
    printf("\n%s (n=%d)\n%-16s %12s %8s\n", $name, $n, 'configuration', 'median ms', 'ratio');
    foreach ($times as $label => $ts) {
        printf("%-16s %12.2f %8.3f\n", $label, median($ts) / 1e6, median($ts) / $base);
    }
}
