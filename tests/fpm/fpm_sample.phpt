--TEST--
php-fpm with bench.mode=sample: 1,000 requests from a real FastCGI client over 4 workers; every worker survives, each sampled request has a profile, a counted drop or a count as empty (no sample), sleeping in an internal function shows it as the leaf, a hot str_contains() loop shows str_contains
--DESCRIPTION--
Samples every 1 ms. A "sleep" request sleeps 20 ms in usleep() called from nap():
the sample after usleep returns carries the ~20 ticks (8.2: from the frames the
ticker copied; 8.4: the VM with the internal frame on top), so usleep owns at least 90%
of the time sampled under nap, summed over those requests (a tick landing in
nap's own two opcodes is the only way to miss it: false failure not seen in 50 runs).
str_contains() is a frameless call on 8.4 and 8.5 (its wrapped handler
samples), a plain internal call on 8.2: a leaf either way.
--SKIPIF--
<?php require __DIR__ . '/fpm.inc'; fpm_skip(); sample_mode_skip(); ?>
--FILE--
<?php
require __DIR__ . '/fpm.inc';
$fpm = fpm_start(<<<'PHP'
<?php
function nap() { usleep(20000); }
function scan(string $hay) { $n = 0; for ($i = 0; $i < 200000; $i++) { $n += str_contains($hay, 'needle') ? 1 : 0; } return $n; }
function work() { $s = 0; for ($i = 0; $i < 100000; $i++) { $s += $i % 7; } return $s; }
switch ($_GET['op'] ?? '') {
    case 'sleep': nap(); break;
    case 'scan': scan(str_repeat('hay ', 20) . 'needle'); break;
    default: work();
}
$profiles = bench_info()['profiles'];
echo "ok ", getmypid(), " ", $profiles['dropped'] + $profiles['empty'], "\n";
PHP, ['bench.mode' => 'sample', 'bench.sample_interval_us' => '1000', 'bench.output_format' => 'folded'], 4);

// Four clients at once, 250 requests each: sleep, scan and work in turn. Under valgrind
// (the suite's second run, where every process of the test is valgrind's), 25 each.
$per_client = getenv('SKIP_PERF_SENSITIVE') ? 25 : 250;
$requests = 4 * $per_client;
$clients = [];
for ($c = 0; $c < 4; $c++) {
    $script = '';
    for ($i = 0; $i < $per_client; $i++) {
        $op = ['sleep', 'scan', 'work'][($c + $i) % 3];
        $script .= 'env ' . fpm_env($fpm, "op=$op") . ' cgi-fcgi -bind -connect ' . escapeshellarg("{$fpm['dir']}/fpm.sock") . "\n";
    }
    file_put_contents("{$fpm['dir']}/client$c.sh", $script);
    $clients[] = proc_open(['bash', "{$fpm['dir']}/client$c.sh"], [1 => ['pipe', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes[$c]);
}
$responses = '';
foreach ($clients as $c => $client) {
    $responses .= stream_get_contents($pipes[$c][1]);
    proc_close($client);
}
// Each response says its worker's drops and sample-less requests (no file) before it.
preg_match_all('/^ok (\d+) (\d+)$/m', $responses, $m);
$ok = count($m[0]);
$unwritten = [];
foreach ($m[1] as $i => $pid) {
    $unwritten[$pid] = max($unwritten[$pid] ?? 0, (int) $m[2][$i]);
}
echo "responses: ", $ok === $requests ? 'all' : "$ok of $requests", "\n";
echo "workers that served: ", count($unwritten), "\n";

[$files, $log] = fpm_stop($fpm);
// Only the last request of each worker has no later response to tell what became of its profile.
$accounted = count($files) + array_sum($unwritten);
echo "profiles + drops + empty = requests: ", $accounted >= $requests - 4 && $accounted <= $requests ? 'yes' : "$accounted of $requests", "\n";

$nap = $usleep = 0;
$scan_leaf = false;
foreach ($files as $text) {
    foreach (explode("\n", trim($text)) as $line) {
        if ($line === '') {
            continue;
        }
        [$path, $weight] = explode(' ', $line);
        if (str_contains($path, ';nap')) {
            $nap += (int) $weight;
            $usleep += str_ends_with($path, ';nap;usleep') ? (int) $weight : 0;
        }
        $scan_leaf = $scan_leaf || str_ends_with($path, ';scan;str_contains');
    }
}
printf("usleep owns >= 90%% of nap: %s\n", $usleep >= 0.9 * $nap && $nap > 0 ? 'yes' : "no ($usleep of $nap)");
echo "str_contains is a leaf under scan: ", $scan_leaf ? 'yes' : 'no', "\n";
echo "workers crashed: ", fpm_crashed($log) ? $log : 'none', "\n";
?>
--EXPECT--
responses: all
workers that served: 4
profiles + drops + empty = requests: yes
usleep owns >= 90% of nap: yes
str_contains is a leaf under scan: yes
workers crashed: none
