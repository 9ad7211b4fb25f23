--TEST--
bench top reads every format bench writes (callgrind, JSON, pprof, folded), plain, zstd and gzip, with the exact counts of bench's own JSON; a directory or glob of mixed formats adds up
--SKIPIF--
<?php
// The report command is PHP code: under valgrind bench.so's part of it (zstd) is checked by report_fuzz and zstd_decompress.
if (getenv('SKIP_PERF_SENSITIVE')) die('skip bin/bench\'s PHP under valgrind: report_fuzz and zstd_decompress check bench.so\'s part');
require __DIR__ . '/report.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/report.inc';
$dir = report_dir();
$formats = ['json' => 'json', 'callgrind' => 'callgrind', 'pb' => 'pprof', 'folded' => 'folded'];
$files = [];
foreach ($formats as $ext => $format) {
    $files["$ext plain"] = report_profile("bench.plain.$ext", REPORT_WORKLOAD, [], $format);
    $files["$ext zstd"] = report_profile("bench.zstd.$ext.zst", REPORT_WORKLOAD, ['bench.compress' => 'zstd'], $format);
    file_put_contents("$dir/bench.gzip.$ext.gz", gzencode(file_get_contents($files["$ext plain"])));
    $files["$ext gzip"] = "$dir/bench.gzip.$ext.gz";
}
foreach (['json zstd', 'pb gzip'] as $which) {
    printf("%s starts with %s\n", $which, bin2hex(substr(file_get_contents($files[$which]), 0, 4)));
}

// What bench itself says, from its JSON profile.
$json = $files['json plain'];
echo "bench's JSON (own, inclusive, calls):\n";
foreach (['leaf', 'mid', '{main}'] as $name) {
    printf("  %-7s allocs %s\n", $name, json_encode(report_expected($json, $name, 'allocs')));
}

foreach (['allocs', 'alloc_bytes', 'ops', 'frees'] as $counter) {
    $differ = [];
    foreach ($files as $which => $file) {
        if (str_starts_with($which, 'folded')) {
            continue;
        }
        foreach (report_top([$file, "--by=$counter"]) as $name => $row) {
            if ($row !== array_map('floatval', report_expected($json, $name, $counter))) {
                $differ[] = "$which $name " . json_encode($row);
            }
        }
    }
    printf("%s: %s\n", $counter, $differ ? implode('; ', $differ) : 'every format and compression gives bench\'s numbers');
}

// Folded stacks carry one counter (wall time) and no calls: its sums, from the file's own lines.
$lines = file($files['folded plain'], FILE_IGNORE_NEW_LINES);
$own = [];
foreach ($lines as $line) {
    [$path, $value] = explode(' ', $line);
    $leaf = substr($path, strrpos(";$path", ';'));
    $own[$leaf] = ($own[$leaf] ?? 0) + (int) $value;
}
ksort($own);
foreach (['plain', 'zstd', 'gzip'] as $compression) {
    $rows = report_top([$files["folded $compression"]]);
    $same = $compression === 'plain' ? array_map(fn($r) => (int) $r[0], $rows) === $own : array_keys($rows) === array_keys($own);
    printf("folded %s: %s\n", $compression, $same ? 'the own costs of its lines' : json_encode($rows));
}

// A directory: the JSON, callgrind and pprof profiles (plain, zstd and gzip) add up, folded ones in their own counter.
$rows = report_top([$dir, '--by=allocs']);
printf("directory: leaf %s, mid %s (9 profiles with allocations)\n", json_encode($rows['leaf']), json_encode($rows['mid']));
$rows = report_top(["$dir/bench.*.{json,pb}*", '--by=calls']);
printf("glob: leaf called %d times in 6 profiles\n", $rows['leaf'][2]);
[$out] = report_run(['top', $dir, '--by=allocs', '--limit=2']);
echo preg_replace('/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/', 'TIME', $out);
?>
--EXPECTF--
json zstd starts with 28b52ffd
pb gzip starts with 1f8b0800
bench's JSON (own, inclusive, calls):
  leaf    allocs [8,8,8]
  mid     allocs [4,12,2]
  {main}  allocs [0,12,1]
allocs: every format and compression gives bench's numbers
alloc_bytes: every format and compression gives bench's numbers
ops: every format and compression gives bench's numbers
frees: every format and compression gives bench's numbers
folded plain: the own costs of its lines
folded zstd: the own costs of its lines
folded gzip: the own costs of its lines
directory: leaf [72,72,72], mid [36,108,18] (9 profiles with allocations)
glob: leaf called 48 times in 6 profiles
12 profiles (9 profile mode, 3 folded stacks, mode not recorded), TIME to TIME UTC; by allocations, %s in all
%wown    own%  inclusive    incl%  calls  function
%s  {request}
%w72 %s  72 %s  72  leaf  script.php:2
