--TEST--
Sample mode keeps each time sample's time: JSON's "timeline" ([ns from the request's start, node, weight], in the order taken, each node's weights adding up to its own wall_ns) and pprof's end_timestamp_ns label (a sample of its own each, inside the request, adding up to the same totals), which bin/bench keeps off the request's labels
--SKIPIF--
<?php require __DIR__ . '/../viewers/viewers.inc'; sample_mode_skip();
if (!viewers_pprof_tools()) die('skip neither go nor pprof (PPROF) installed'); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
require __DIR__ . '/../viewers/viewers.inc';
require __DIR__ . '/../report/report.inc';
$code = <<<'PHP'
<?php
function spin($ms) { for ($t = hrtime(true); hrtime(true) - $t < $ms * 1e6;) {} }
function inner() { spin(12); }
function outer() { spin(6); inner(); spin(6); }
for ($i = 0; $i < 3; $i++) { outer(); spin(8); }
PHP;
$ini = ['bench.sample_interval_us' => '1000'];

$p = profile_json(sample_run($code, $ini, 'json'));
$timeline = $p['timeline'];
$sorted = $ordered = true;
$weights = [];
foreach ($timeline as $i => [$at, $node, $weight]) {
    $ordered = $ordered && ($i === 0 || $at >= $timeline[$i - 1][0]) && $at <= $p['request']['duration_ns'];
    $weights[$node] = ($weights[$node] ?? 0) + $weight;
}
$exact = true;
foreach ($p['tree'] as $n => $node) {
    $name = $p['functions'][$node['function']]['name'];
    // {unsampled}: time no sample weighed, on no timeline.
    $exact = $exact && ($name === '{unsampled}' || ($weights[$n] ?? 0) === $node['own']['wall_ns']);
}
echo "json: one moment per sample: ", count($timeline) === $p['samples'] && $p['timeline_dropped'] === 0 ? 'yes' : count($timeline) . " of {$p['samples']}", "\n";
echo "json: in the order taken, within the request: ", $ordered ? 'yes' : 'no', "\n";
echo "json: each node's weights are its own wall_ns: ", $exact ? 'yes' : 'no', "\n";

$file = report_dir() . '/timeline.pb.gz';
file_put_contents($file, current(sample_run($code, $ini + ['bench.compress' => 'gzip'], 'pprof')['files']));
foreach (viewers_pprof_tools() as $tool => $command) {
    $raw = (string) shell_exec("$command -raw " . escapeshellarg($file) . ' 2>&1');
    preg_match('/^Time: (\S+ \S+)/m', $raw, $t);
    preg_match('/samples=(\d+)/', $raw, $n);
    preg_match('/duration_ns=(\d+)/', $raw, $d);
    $start = (new DateTimeImmutable($t[1], new DateTimeZone('UTC')));
    $startNs = (int) $start->format('U') * 1_000_000_000 + (int) $start->format('u') * 1000;
    preg_match_all('/^\s+(\d+)\s+(\d+): [\d ]+\n(?:.*\n)*?.*end_timestamp_ns:\[(\d+)\]/m', $raw, $stamped, PREG_SET_ORDER);
    $inside = true;
    foreach ($stamped as [, $samples, $ns, $at]) {
        // pprof prints the start to the microsecond.
        $inside = $inside && $samples === '1' && $at >= $startNs - 1000 && $at <= $startNs + (int) $d[1] + 1000;
    }
    $tags = (string) shell_exec("$command -tags -taghide=end_timestamp_ns " . escapeshellarg($file) . ' 2>&1');
    // Every pprof at hand says the same.
    $said[sprintf("one sample with a time per sample taken: %s\neach of one sample, within the request: %s\n"
        . "-taghide=end_timestamp_ns leaves the request's labels: %s\n", count($stamped) === (int) $n[1] ? 'yes' : count($stamped) . " of $n[1]",
        $inside ? 'yes' : 'no', str_contains($tags, 'end_timestamp_ns') ? 'no' : (str_contains($tags, 'pid:') ? 'yes' : $tags))][] = $tool;
}
foreach ($said as $text => $tools) {
    echo "pprof: ", str_replace("\n", "\npprof: ", rtrim($text)), "\n";
}
// bin/bench: the times are no label of the request (a merge keeps request labels apart).
$merged = report_dir() . '/merged.json';
report_out(['merge', $file, '-o', $merged, '--quiet']);
echo "bench merge keeps no end_timestamp_ns: ", str_contains((string) file_get_contents($merged), 'end_timestamp_ns') ? 'no' : 'yes', "\n";
$top = report_top([$file]);
echo "bench top: inner and outer read: ", isset($top['inner'], $top['outer']) ? 'yes' : 'no', "\n";
?>
--EXPECT--
json: one moment per sample: yes
json: in the order taken, within the request: yes
json: each node's weights are its own wall_ns: yes
pprof: one sample with a time per sample taken: yes
pprof: each of one sample, within the request: yes
pprof: -taghide=end_timestamp_ns leaves the request's labels: yes
bench merge keeps no end_timestamp_ns: yes
bench top: inner and outer read: yes
