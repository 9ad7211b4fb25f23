--TEST--
ZTS: 8 PHP threads x 500 requests in one process (embed SAPI), sample mode with one ticker for all threads: every request is written or counted, each profile holds only its own thread's calls, and its samples and {unsampled} add up to its own duration within one interval
--SKIPIF--
<?php
require __DIR__ . '/zts.inc';
zts_host_skip();
?>
--FILE--
<?php
require __DIR__ . '/zts.inc';
[$threads, $requests, $interval_us] = [8, 500, 1000];
$dir = zts_host_dir();
// About 3 ms of work a request (scale 600), so that most requests take samples; one that takes none is counted as empty.
$run = zts_host_run($dir, $threads, $requests, [
    'bench.mode' => 'sample', 'bench.sample_interval_us' => (string) $interval_us, 'bench.output_format' => 'json',
    'bench.compress' => 'none', 'bench.report' => '0',
], [], 600, 'echo json_encode(bench_info()["profiles"]), "\n";');
echo preg_replace('/^\{.*\}\n/m', '', $run['output']), "exit ", $run['status'], "\n";
preg_match('/^\{.*\}$/m', $run['output'], $m);
$counted = json_decode($m[0] ?? '{}', true);

$files = glob("$dir/out/bench.*.json");
$bad = [];
$seen = [];
$samples = 0;
foreach ($files as $path) {
    $p = json_decode(file_get_contents($path), true, 512, JSON_THROW_ON_ERROR);
    if ($p['command'] === '/last') {
        continue;
    }
    if (!preg_match('~^/t(\d+)/(\d+)$~', $p['command'], $mm)) {
        $bad[] = basename($path) . ": command {$p['command']}";
        continue;
    }
    $seen[$p['command']] = true;
    $samples += $p['samples'] ?? 0;
    // A function of another thread's script here: a sample of one thread charged to another's request.
    foreach ($p['functions'] as $f) {
        $pseudo = in_array($f['name'], ['{request}', '{unsampled}', '{main}'], true);
        if (!$pseudo && $f['file'] !== 'php:internal' && ($f['file'] !== "$dir/t{$mm[1]}.php"
                || !in_array($f['name'], ["t{$mm[1]}_leaf", "t{$mm[1]}_mid"], true))) {
            $bad[] = "{$p['command']}: {$f['name']} of {$f['file']}";
        }
    }
    $sampled = array_sum(array_map(fn($f) => $f['own']['wall_ns'] ?? 0, $p['functions']));
    if (abs($sampled - $p['request']['duration_ns']) > $interval_us * 1000) {
        $bad[] = sprintf('%s: %.2f ms sampled of %.2f ms', $p['command'], $sampled / 1e6, $p['request']['duration_ns'] / 1e6);
    }
}
$written = count($seen);
// The main thread's last request is still running when it prints the counts: they hold the threads' requests only.
printf("threads' requests: %d, written %d + empty %d, dropped %d, lost %d\n", $threads * $requests, $written,
    $counted['empty'] ?? -1, $counted['dropped'] ?? -1, $counted['lost'] ?? -1);
echo $written + ($counted['empty'] ?? 0) === $threads * $requests ? "every request written or counted\n" : "requests missing\n";
// Most requests take a sample: 3,844 of 4,000 on an idle 2-CPU VM (96%; 11,807 samples). One in which no tick
// fell, or the ticker never ran (a loaded machine), is counted as empty: the bound leaves room for that.
echo $written >= $threads * $requests * 0.75 ? "at least 75% written\n" : "only $written written\n";
echo $bad ? implode("\n", array_slice($bad, 0, 10)) : 'each profile: its own thread only, within one interval of its duration', "\n";
zts_host_clean($dir);
?>
--EXPECTF--
exit 0
threads' requests: 4000, written %d + empty %d, dropped 0, lost 0
every request written or counted
at least 75% written
each profile: its own thread only, within one interval of its duration
