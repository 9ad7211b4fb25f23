--TEST--
php-fpm with bench.mode=sample: the profile of a request that a worker killed by request_terminate_timeout was running is counted and said by the worker that replaces it
--DESCRIPTION--
php-fpm kills a worker whose request runs past request_terminate_timeout
(SIGTERM: no shutdown runs in it), and the sampled request's profile dies
with it. The worker started in its place takes a line in the output
directory's ledger at its first sampled request, finds the ended worker's,
warns (in the php-fpm log and its response) and counts the profile in
bench_info()['profiles']['lost']. A worker killed with SIGKILL once its
writer wrote its profile owes nothing, and nothing is said of it.
Deterministic.
--SKIPIF--
<?php require __DIR__ . '/fpm.inc'; fpm_skip(); sample_mode_skip(); ?>
--FILE--
<?php
require __DIR__ . '/fpm.inc';
$fpm = fpm_start(<<<'PHP'
<?php
function spin(float $ms) { $t = hrtime(true); while (hrtime(true) - $t < $ms * 1e6) {} }
switch ($_GET['op'] ?? '') {
    case 'spin':
        spin(50);
        break;
    case 'hang':
        spin(20000);
        break;
    case 'info':
        echo "lost: ", bench_info()['profiles']['lost'], "\n";
        break;
}
echo "ok ", getmypid(), "\n";
PHP, ['bench.mode' => 'sample', 'bench.sample_interval_us' => '1000', 'bench.output_format' => 'folded'], 1, [],
    ['request_terminate_timeout' => '1s']);

$said = '';
$pid_of = function (string $response) use (&$said): int {
    $said .= $response;
    return preg_match('/^ok (\d+)$/m', $response, $m) ? (int) $m[1] : 0;
};
$spun = $pid_of(fpm_request($fpm, 'op=spin'));
// Killed once the writer wrote the profile (named when whole), and settled its line just after.
for ($i = 0; $i < 1000 && !glob("{$fpm['dir']}/profiles/bench.*.$spun.*"); $i++) {
    usleep(10000);
}
usleep(100000);
exec("kill -9 $spun");
$hung = $pid_of(fpm_request($fpm, 'op=quick'));
$hang = fpm_request($fpm, 'op=hang');
$said .= $hang;
echo "the hanging request was cut short: ", str_contains($hang, "ok $hung") ? 'no' : 'yes', "\n";
$info = fpm_request($fpm, 'op=info');
$said .= $info;
$third = $pid_of($info);
echo "three workers: ", count(array_unique(array_filter([$spun, $hung, $third]))) === 3 ? 'yes' : 'no', "\n";
echo preg_match('/^lost: \d+$/m', $info, $m) ? $m[0] : 'no count', "\n";

[$files, $log] = fpm_stop($fpm);
$said .= $log;
preg_match_all('/bench: (\d+) profile\(s\) for \S+ lost: process (\d+) ended \(killed\?\) before writing them '
    . '\((\d+) of requests then running, (\d+) queued for the disk\)/', $said, $warnings, PREG_SET_ORDER);
$lost = [];
foreach ($warnings as [, $count, $pid, $running, $queued]) {
    $lost[(int) $pid] = [(int) $count, (int) $running, (int) $queued];
}
echo "killed on timeout: ", preg_match("/child $hung, script .* execution timed out/", $log) ? 'yes' : 'no', "\n";
echo "its request counted lost: ", json_encode($lost[$hung] ?? null), "\n";
$spin_files = count(array_filter(array_keys($files), fn($name) => (int) explode('.', $name)[2] === $spun));
echo "the request before SIGKILL written: ", $spin_files, "\n";
echo "nothing else said lost: ", array_keys($lost) === [$hung] ? 'yes' : 'no (' . json_encode($lost) . ')', "\n";
?>
--EXPECT--
the hanging request was cut short: yes
three workers: yes
lost: 1
killed on timeout: yes
its request counted lost: [1,1,0]
the request before SIGKILL written: 1
nothing else said lost: yes
