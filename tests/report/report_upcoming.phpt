--TEST--
What the writers are about to change, read today: JSON with format_version 1 and its "tree" (exact paths, no approximation), counters that are null, pprof with per-sample labels (uri, method, status...) over its comments, pprof in gzip
--SKIPIF--
<?php
// The report command is PHP code: under valgrind bench.so's part of it (zstd) is checked by report_fuzz and zstd_decompress.
if (getenv('SKIP_PERF_SENSITIVE')) die('skip bin/bench\'s PHP under valgrind: report_fuzz and zstd_decompress check bench.so\'s part');
require __DIR__ . '/report.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/report.inc';
require __DIR__ . '/../../report/main.php';
use Bench\Report as R;

$dir = report_dir();
$pb = report_profile('bench.w.pb', REPORT_WORKLOAD, [], 'pprof');
$json = report_profile('bench.w.json');

echo "== JSON with format_version 1: node 0 {request}, each node its parent, function, calls and own costs\n";
echo report_out(['merge', $pb, '-o', "$dir/tree.json", '--quiet']);
$tree = json_decode(file_get_contents("$dir/tree.json"), true);
foreach ($tree['tree'] as $i => $node) {
    printf("  %d: parent %d, %s, calls %d, allocs %d\n", $i, $node['parent'], $tree['functions'][$node['function']]['name'],
        $node['calls'], $node['own']['allocs']);
}
echo report_out(['flame', "$dir/tree.json", '-o', "$dir/tree.svg", '--by=allocs', '--quiet']);
printf("its flame graph: %s\n", str_contains(file_get_contents("$dir/tree.svg"), 'Approximated') ? 'approximated' : 'exact paths');
printf("top: leaf %s\n", json_encode(report_top(["$dir/tree.json", '--by=allocs'])['leaf']));

echo "== a counter this machine could not provide: null\n";
$profile = json_decode(file_get_contents($json), true);
$profile['counters'][] = 'instructions';
$profile['totals']['instructions'] = null;
foreach ($profile['functions'] as &$f) {
    $f['own']['instructions'] = $f['inclusive']['instructions'] = null;
}
unset($f);
file_put_contents("$dir/nulls.json", json_encode($profile));
printf("top: leaf %s\n", json_encode(report_top(["$dir/nulls.json", '--by=allocs'])['leaf']));
[, $err] = report_run(['top', "$dir/nulls.json", '--by=instructions']);
echo $err;

echo "== pprof with string labels on its samples\n";
$data = file_get_contents($pb);
$strings = 0;
$out = '';
foreach (R\pb_fields($data, 0, strlen($data)) as [$field, $value]) {
    $strings += $field === R\PPROF_STRING_TABLE ? 1 : 0;
}
$labels = ['uri' => '/from/labels', 'method' => 'PUT', 'status' => '201', 'sapi' => 'fpm-fcgi', 'pid' => '4242'];
$added = [];
foreach ($labels as $key => $text) {
    $added[$key] = [$strings + count($added) * 2, $strings + count($added) * 2 + 1];
}
foreach (R\pb_fields($data, 0, strlen($data)) as [$field, $value]) {
    $bytes = is_int($value) ? R\pb_put_int($field, $value) : R\pb_put_bytes($field, substr($data, $value[0], $value[1] - $value[0]));
    if ($field === R\PPROF_SAMPLE) {
        $sample = substr($data, $value[0], $value[1] - $value[0]);
        foreach ($added as [$k, $v]) {
            $sample .= R\pb_put_bytes(3, R\pb_put_int(1, $k) . R\pb_put_int(2, $v));
        }
        $bytes = R\pb_put_bytes(R\PPROF_SAMPLE, $sample);
    }
    $out .= $bytes;
}
foreach ($labels as $key => $text) {
    $out .= R\pb_put_bytes(R\PPROF_STRING_TABLE, $key) . R\pb_put_bytes(R\PPROF_STRING_TABLE, $text);
}
file_put_contents("$dir/bench.labels.pb.gz", gzencode($out));
printf("its comments say: %s\n", implode(', ', array_filter(['uri=' => str_contains($data, 'uri='), 'method=' => str_contains($data, 'method=')])) ? 'uri=..., method=...' : '');
echo report_out(['html', "$dir/bench.labels.pb.gz", '-o', "$dir/labels.html", '--quiet']);
preg_match('~<tr[^>]*><td>[-\d: ]+</td><td>(\w*)</td><td[^>]*>([^<]*)</td><td data-v="(\d+)"~', file_get_contents("$dir/labels.html"), $m);
echo "the report's request: $m[1] $m[2], status $m[3]\n";
printf("top: leaf %s\n", json_encode(report_top(["$dir/bench.labels.pb.gz", '--by=allocs'])['leaf']));
?>
--EXPECTF--
== JSON with format_version 1: node 0 {request}, each node its parent, function, calls and own costs
  0: parent -1, {request}, calls 0, allocs %d
  1: parent 0, {main}, calls 1, allocs 0
  2: parent 1, mid, calls 2, allocs 4
  3: parent 2, leaf, calls 8, allocs 8
its flame graph: exact paths
top: leaf [8,8,8]
== a counter this machine could not provide: null
top: leaf [8,8,8]
bench: --by=instructions: these profiles have wall_ns, allocs, alloc_bytes, frees, freed_bytes, ops, calls
== pprof with string labels on its samples
its comments say: uri=..., method=...
the report's request: PUT /from/labels, status 201
top: leaf [8,8,8]
