--TEST--
bench merge adds exactly: N copies give N times the calls and costs, checked by go tool pprof (.pb.gz), callgrind_annotate (.callgrind), the folded lines (of a counter, and of calls) and bench's own JSON reader (with the tree, and without where a callgrind input has edges only); written by bench.so's writers, as a request's profile; filters; what a path format cannot take is skipped with the reason
--SKIPIF--
<?php
// The report command is PHP code: under valgrind bench.so's part of it (zstd) is checked by report_fuzz and zstd_decompress.
if (getenv('SKIP_PERF_SENSITIVE')) die('skip bin/bench\'s PHP under valgrind: report_fuzz and zstd_decompress check bench.so\'s part');
require __DIR__ . '/report.inc';
profile_skip();
foreach (['go' => 'golang-go', 'callgrind_annotate' => 'valgrind'] as $tool => $package) {
    if (trim((string) shell_exec("command -v $tool")) === '') die("skip $tool ($package) is not installed");
}
?>
--FILE--
<?php
require __DIR__ . '/report.inc';
$dir = report_dir();
$pb = report_profile('bench.one.pb', REPORT_WORKLOAD, [], 'pprof');
$json = report_profile('bench.one.json');
$callgrind = report_profile('bench.one.callgrind', REPORT_WORKLOAD, [], 'callgrind');
foreach ([2, 3] as $copy) {
    copy($pb, "$dir/bench.copy$copy.pb");
}
$copies = [$pb, "$dir/bench.copy2.pb", "$dir/bench.copy3.pb"];
$own = fn(string $counter) => array_sum(array_map(fn($f) => $f['own'][$counter],
    json_decode(file_get_contents($json), true)['functions']));
printf("one profile: %d allocations, %d opcodes\n", $own('allocs'), $own('ops'));

// pprof, gzip-compressed, as fleet profilers ingest it: read by Go's own pprof.
echo report_out(['merge', ...$copies, '-o', "$dir/merged.pb.gz", '--quiet']);
$top = fn(string $index) => shell_exec(sprintf('go tool pprof -top -nodefraction=0 -sample_index=%s %s 2>&1', $index, escapeshellarg("$dir/merged.pb.gz")));
foreach (['alloc_objects', 'calls', 'ops'] as $index) {
    $out = $top($index);
    preg_match('/of (\d+) total/', $out, $total);
    preg_match_all('/^\s*(\d+)\s+\S+\s+\S+\s+(\d+)\s+\S+\s+(\S+)$/m', $out, $rows, PREG_SET_ORDER);
    $flat = [];
    foreach ($rows as [, $f, $cum, $name]) {
        $flat[$name] = "$f/$cum";
    }
    ksort($flat);
    printf("go tool pprof %s: total %s; flat/cum %s\n", $index, $total[1] ?? '?', json_encode(array_intersect_key($flat, ['leaf' => 1, 'mid' => 1])));
}
printf("3 x one profile: %d allocations, %d opcodes\n", 3 * $own('allocs'), 3 * $own('ops'));

// callgrind, from profiles with paths and with edges only: callgrind_annotate's totals and rows.
echo report_out(['merge', ...$copies, $json, $callgrind, '-o', "$dir/merged.callgrind", '--quiet']);
// Every function: by default callgrind_annotate stops once 99% of the first event (wall time) is shown.
$annotated = shell_exec('callgrind_annotate --threshold=100 ' . escapeshellarg("$dir/merged.callgrind") . ' 2>&1');
preg_match('/^Events recorded:\s+(.*)$/m', $annotated, $events);
$events = preg_split('/\s+/', trim($events[1]));
preg_match('/^([\d,()%. ]+)PROGRAM TOTALS$/m', $annotated, $totals);
preg_match_all('/([\d,]+)(?: \([ \d.]+%\))?/', $totals[1], $values);
$totals = array_combine($events, array_map(fn($v) => (int) str_replace(',', '', $v), $values[1]));
printf("callgrind_annotate totals: allocs %d, ops %d (5 x one profile: %d, %d)\n", $totals['allocs'], $totals['ops'],
    5 * $own('allocs'), 5 * $own('ops'));
preg_match('/^\s*[\d,]+ \([ \d.]+%\)\s+([\d,]+).*:leaf$/m', $annotated, $leaf);
printf("callgrind_annotate leaf allocs: %s\n", $leaf[1] ?? $annotated);

// Folded stacks of one counter; and bench's JSON with the merged tree, read back.
echo report_out(['merge', ...$copies, '-o', "$dir/merged.folded", '--by=allocs', '--quiet']);
$folded = file("$dir/merged.folded", FILE_IGNORE_NEW_LINES);
printf("folded: %d allocations in all; %s\n", array_sum(array_map(fn($l) => (int) substr($l, strrpos($l, ' ')), $folded)),
    implode(', ', preg_grep('/;leaf /', $folded)));
echo report_out(['merge', ...$copies, '-o', "$dir/merged.json", '--quiet']);
$merged = json_decode(file_get_contents("$dir/merged.json"), true);
printf("json: format_version %d, %d profiles, %d tree nodes\n", $merged['format_version'], $merged['profiles'], count($merged['tree']));
printf("json read back: leaf %s, mid %s\n", json_encode(report_top(["$dir/merged.json", '--by=allocs'])['leaf']),
    json_encode(report_top(["$dir/merged.json", '--by=allocs'])['mid']));
printf("merged twice: leaf %s\n", json_encode(report_top(["$dir/merged.json", "$dir/merged.pb.gz", '--by=allocs'])['leaf']));
// With a callgrind profile (call edges only) among them: functions and edges, and no tree, which could not hold its costs.
echo report_out(['merge', ...$copies, $callgrind, '-o', "$dir/mixed.json", '--quiet']);
$mixed = json_decode(file_get_contents("$dir/mixed.json"), true);
printf("json with edges only among them: %d profiles, %s; {request} %d time(s); leaf read back %s\n", $mixed['profiles'],
    isset($mixed['tree']) ? 'a tree' : 'no tree', count(array_filter($mixed['functions'], fn($f) => $f['name'] === '{request}')),
    json_encode(report_top(["$dir/mixed.json", '--by=allocs'])['leaf']));
echo report_out(['merge', ...$copies, '-o', "$dir/calls.folded", '--by=calls', '--quiet']);
printf("folded by calls: %s\n", implode(', ', preg_grep('/;(mid|leaf) /', file("$dir/calls.folded", FILE_IGNORE_NEW_LINES))));

// pprof and folded need call paths: a callgrind profile (edges only) is skipped, and said so.
[$out, $err, $status] = report_run(['merge', $pb, $callgrind, '-o', "$dir/paths.pb"]);
echo str_replace($dir, 'DIR', $err), "exit status $status\n";

// Filters.
foreach ([['--until=2000-01-01'], ['--since=2000-01-01'], ['--mode=sample'], ['--mode=profile', '--min-duration=1h'],
        ['--uri=*/script.php'], ['--uri=/api/*']] as $filter) {
    [$out, $err, $status] = report_run(['merge', ...$copies, '-o', "$dir/filtered.json", ...$filter]);
    printf("%s: %s", implode(' ', $filter), $status === 0 ? json_decode(file_get_contents("$dir/filtered.json"), true)['profiles'] . " profiles\n"
        : str_replace($dir, 'DIR', $err));
}
?>
--EXPECTF--
one profile: %d allocations, %d opcodes
go tool pprof alloc_objects: total %d; flat/cum {"leaf":"24\/24","mid":"12\/36"}
go tool pprof calls: total 33; flat/cum {"leaf":"24\/24","mid":"6\/30"}
go tool pprof ops: total %d; flat/cum {"leaf":"%d\/%d","mid":"%d\/%d"}
3 x one profile: %d allocations, %d opcodes
callgrind_annotate totals: allocs %d, ops %d (5 x one profile: %d, %d)
callgrind_annotate leaf allocs: 40
folded: %d allocations in all; {request};{main};mid;leaf 24
json: format_version 1, 3 profiles, 4 tree nodes
json read back: leaf [24,24,24], mid [12,36,6]
merged twice: leaf [48,48,48]
json with edges only among them: 4 profiles, no tree; {request} 1 time(s); leaf read back [32,32,32]
folded by calls: {request};{main};mid 6, {request};{main};mid;leaf 24
bench: skipped DIR/bench.one.callgrind: callgrind has call edges, not call paths, which this output needs (merge it to .callgrind or .json, or write the profiles as pprof, folded or JSON)
bench: merged 1 profile into DIR/paths.pb
exit status 0
--until=2000-01-01: bench: the filters left out all 3 profiles
--since=2000-01-01: 3 profiles
--mode=sample: bench: the filters left out all 3 profiles
--mode=profile --min-duration=1h: bench: the filters left out all 3 profiles
--uri=*/script.php: 3 profiles
--uri=/api/*: bench: the filters left out all 3 profiles
