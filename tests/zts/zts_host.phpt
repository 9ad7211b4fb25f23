--TEST--
ZTS: 8 PHP threads x 500 requests in one process (embed SAPI), profile mode: one JSON profile per request, each with only its own thread's calls, its sums exact
--SKIPIF--
<?php
require __DIR__ . '/zts.inc';
zts_host_skip();
?>
--FILE--
<?php
require __DIR__ . '/zts.inc';
[$threads, $requests] = [8, 500];
$dir = zts_host_dir();
$run = zts_host_run($dir, $threads, $requests, [
    'bench.mode' => 'profile', 'bench.output_format' => 'json', 'bench.compress' => 'none', 'bench.report' => '0',
]);
echo $run['output'], "exit ", $run['status'], "\n";

$files = glob("$dir/out/bench.*.json");
printf("%d profiles of %d requests\n", count($files), $threads * $requests);
profile_validate_json(...array_map('file_get_contents', array_slice($files, 0, 8)));
$seen = [];
$bad = [];
foreach ($files as $path) {
    $p = json_decode(file_get_contents($path), true, 512, JSON_THROW_ON_ERROR);
    if (!preg_match('~^/t(\d+)/(\d+)$~', $p['command'], $m)) {
        $bad[] = basename($path) . ": command {$p['command']}";
        continue;
    }
    $seen[$p['command']] = true;
    // A user function of another thread's script, or that script, here: a call of one thread in another's profile.
    foreach ($p['functions'] as $f) {
        $own = $f['file'] === 'php:internal' || $f['file'] === "$dir/t{$m[1]}.php";
        if (!$own || ($f['file'] !== 'php:internal' && !in_array($f['name'], ["t{$m[1]}_leaf", "t{$m[1]}_mid", '{main}'], true))) {
            $bad[] = "{$p['command']}: {$f['name']} of {$f['file']}";
        }
    }
    $calls = array_column($p['functions'], 'calls', 'name');
    if (($calls["t{$m[1]}_mid"] ?? 0) !== 3 || ($calls["t{$m[1]}_leaf"] ?? 0) !== 6) {
        $bad[] = "{$p['command']}: calls " . json_encode($calls);
    }
    if (($sums = profile_check_sums($p)) !== 'sums exact') {
        $bad[] = "{$p['command']}: $sums";
    }
}
printf("%d distinct requests\n", count($seen));
echo $bad ? implode("\n", array_slice($bad, 0, 10)) : 'each profile: its own thread only, sums exact', "\n";
zts_host_clean($dir);
?>
--EXPECT--
exit 0
4000 profiles of 4000 requests
4000 distinct requests
each profile: its own thread only, sums exact
