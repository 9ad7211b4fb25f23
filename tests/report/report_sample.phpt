--TEST--
Sampled requests (php-cgi, as php-fpm writes them): samples add up across JSON, pprof and callgrind, in bench top and a diff across formats; URIs, methods and statuses in the HTML report, endpoints with their ids as {id}; --uri and --mode filters; merged copies multiply the samples (go tool pprof)
--SKIPIF--
<?php
// The report command is PHP code: under valgrind bench.so's part of it (zstd) is checked by report_fuzz and zstd_decompress.
if (getenv('SKIP_PERF_SENSITIVE')) die('skip bin/bench\'s PHP under valgrind: report_fuzz and zstd_decompress check bench.so\'s part');
require __DIR__ . '/report.inc';
sample_mode_skip();
if (!report_cgi_binary()) die('skip php-cgi is not installed');
if (trim((string) shell_exec('command -v go')) === '') die('skip go (golang-go) is not installed');
?>
--FILE--
<?php
require __DIR__ . '/report.inc';
$dir = report_dir();
$code = '<?php function nap() { usleep(50000); } function work() { $s = 0; for ($i = 0; $i < 200000; $i++) { $s += $i; } return $s; }'
    . ' nap(); work(); echo "ok";';
$ini = ['bench.mode' => 'sample', 'bench.sample_interval_us' => '1000'];
$requests = [['json', 'GET', '/users/42?tab=1'], ['json', 'GET', '/users/7'], ['pprof', 'GET', '/users/9'], ['json', 'POST', '/orders'],
    ['callgrind', 'GET', '/health']];
$samples = $said = [];
foreach ($requests as $i => [$format, $method, $uri]) {
    $file = report_request("bench.$i." . ($format === 'pprof' ? 'pb' : $format), $method, $uri, $code, $ini, $format);
    // Each format says how many samples its request got. Callgrind's calls= lines cannot (a call with no sample
    // is calls=1, or callgrind_annotate takes its cost for the caller's): it has a samples event.
    if (preg_match('/"samples":(\d+)|samples=(\d+)|Sampled: (\d+) samples/', file_get_contents($file), $m)) {
        $said[$format] = ($said[$format] ?? 0) + (int) max(array_slice($m, 1));
        $samples[$file] = (int) max(array_slice($m, 1));
    }
}
$rows = report_top(["$dir/bench.*.{json,pb,callgrind}", '--by=samples']);
$column = (int) array_sum(array_column($rows, 2));
printf("samples: %s\n", array_sum($samples) === $column ? 'as many in bench top\'s column as the profiles say'
    : array_sum($samples) . " in the files, $column in the column");
// A diff across formats: the callgrind request against the pprof one, each with as many samples as its file says
// (the callgrind side read 3 to 10 times its samples before: a 1 per call that no sample ended in).
[$cg, $pb] = [glob("$dir/bench.*.callgrind")[0], glob("$dir/bench.*.pb")[0]];
preg_match('/^\s*samples\s+(\d+)\s+(\d+)/m', $diff = report_out(['diff', $cg, $pb, '--by=samples']), $m);
printf("diff of callgrind and pprof: %s\n", [(int) ($m[1] ?? -1), (int) ($m[2] ?? -1)] === [$samples[$cg], $samples[$pb]]
    ? 'the samples of each file' : "$diff where the files say {$samples[$cg]} and {$samples[$pb]}");
// Merged into callgrind, the samples stay as many (each call with no sample was 1 more before).
echo report_out(['merge', "$dir/bench.*.{json,pb,callgrind}", '-o', "$dir/merged.callgrind", '--quiet']);
$merged = report_top(["$dir/merged.callgrind", '--by=samples']);
printf("merged into callgrind: %s\n", (int) array_sum(array_column($merged, 2)) === array_sum($samples) ? 'as many samples'
    : array_sum(array_column($merged, 2)) . ' samples of ' . array_sum($samples));
// Callgrind_annotate reads the samples event (the last): its total is the file's.
$annotated = (string) shell_exec('callgrind_annotate ' . escapeshellarg($cg) . ' 2>&1');
printf("callgrind_annotate: %s\n", preg_match('/([\d,]+) \([\d.]+%\)\s+PROGRAM TOTALS/', $annotated, $t)
    && (int) str_replace(',', '', $t[1]) === $samples[$cg] ? 'as many samples' : $annotated);
// Sampled time adds up exactly: usleep's in bench top, and in bench's own JSON files.
$json = 0;
foreach (glob("$dir/bench.*.json") as $file) {
    $json += profile_function(json_decode(file_get_contents($file), true), 'usleep')['own']['wall_ns'] ?? 0;
}
$wall = report_top(["$dir/bench.*.json", '--by=wall_ns']);
printf("usleep's sampled wall time: %s\n", $json > 0 && $wall['usleep'][0] == $json ? 'the sum of the JSON profiles\'' : "$json in the files, {$wall['usleep'][0]} in bench top");
[$out] = report_run(['top', $dir, '--limit=1']);
echo preg_replace('/^(\d+ profiles \([^)]*\)).*$/m', '$1', explode("\n", $out)[0]), "\n";

echo report_out(['html', $dir, '-o', "$dir/report.html", '--quiet']);
$html = file_get_contents("$dir/report.html");
preg_match_all('~<tr[^>]*><td>[-\d: ]+</td><td>(\w+)</td><td[^>]*>([^<]*)</td><td data-v="(\d+)"~', $html, $m, PREG_SET_ORDER);
$seen = [];
foreach ($m as [, $method, $uri, $status]) {
    $seen["$method $uri $status"] = true;
}
ksort($seen);
echo "requests: ", implode(', ', array_keys($seen)), "\n";
preg_match_all('~<tr[^>]*><td[^>]*>([^<]+)</td><td data-v="(\d+)"~', substr($html, strpos($html, 'id="endpoints"')), $m, PREG_SET_ORDER);
$endpoints = array_map(fn($r) => "$r[1] ($r[2])", $m);
sort($endpoints);
echo "endpoints: ", implode(', ', $endpoints), "\n";
echo "external resources: ", preg_match('~(src|href)="(https?:)?//~', $html) ? 'yes' : 'none', "\n";

foreach ([['--uri=/users/*'], ['--mode=sample', '--uri=/orders'], ['--min-duration=45ms']] as $filter) {
    printf("%s: %s\n", implode(' ', $filter), explode(' (', report_out(['top', $dir, ...$filter]))[0]);
}

$pb = glob("$dir/bench.*.pb")[0];
copy($pb, "$dir/copy2.pb");
copy($pb, "$dir/copy3.pb");
echo report_out(['merge', $pb, "$dir/copy2.pb", "$dir/copy3.pb", '-o', "$dir/merged.pb.gz", '--quiet']);
preg_match('/samples=(\d+)/', file_get_contents($pb), $one);
preg_match('/of (\d+) total/', shell_exec('go tool pprof -top -sample_index=samples ' . escapeshellarg("$dir/merged.pb.gz") . ' 2>&1'), $merged);
printf("merged 3 copies: %s samples, 3 x %d\n", $merged[1] === (string) (3 * $one[1]) ? 'go tool pprof counts ' . ($merged[1] / $one[1]) . ' x' : $merged[1], $one[1]);
?>
--EXPECTF--
samples: as many in bench top's column as the profiles say
diff of callgrind and pprof: the samples of each file
merged into callgrind: as many samples
callgrind_annotate: as many samples
usleep's sampled wall time: the sum of the JSON profiles'
5 profiles (sample mode)
requests: GET /health 200, GET /users/42 200, GET /users/7 200, GET /users/9 200, POST /orders 200
endpoints: GET /health (1), GET /users/{id} (3), POST /orders (1)
external resources: none
--uri=/users/*: 3 profiles
--mode=sample --uri=/orders: 1 profile
--min-duration=45ms: 5 profiles
merged 3 copies: go tool pprof counts 3 x samples, 3 x %d
