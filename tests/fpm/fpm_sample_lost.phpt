--TEST--
php-fpm with bench.mode=sample: profiles of a worker killed by request_terminate_timeout, or killed with profiles queued, are counted and said by the worker that replaces it
--DESCRIPTION--
php-fpm kills a worker whose request runs past request_terminate_timeout
(SIGTERM: no shutdown runs in it), and the sampled request's profile dies
with it. The worker started in its place takes a line in the output
directory's ledger at its first sampled request, finds the ended worker's,
warns (in the php-fpm log and its response) and counts the profile in
bench_info()['profiles']['lost']. A worker killed with SIGKILL right after
a sampled request has either written that profile or still queued it: it is
then a file or counted as queued, never neither. Deterministic: every
outcome either way is accepted where the timing decides.
--SKIPIF--
<?php require __DIR__ . '/fpm.inc'; fpm_skip(); ?>
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
$spin_lost = $lost[$spun] ?? [0, 0, 0];
echo "the profile of the request before SIGKILL written or counted queued: ",
    $spin_files + $spin_lost[2] === 1 && $spin_lost[1] === 0 ? 'yes' : "no ($spin_files files, " . json_encode($spin_lost) . ')', "\n";
echo "nothing else said lost: ", count(array_diff(array_keys($lost), [$spun, $hung])) === 0 ? 'yes' : 'no', "\n";
?>
--EXPECT--
the hanging request was cut short: yes
three workers: yes
lost: 1
killed on timeout: yes
its request counted lost: [1,1,0]
the profile of the request before SIGKILL written or counted queued: yes
nothing else said lost: yes
