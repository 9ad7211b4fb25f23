--TEST--
A file of bench merge reads back as the profiles it holds, in their modes (callgrind's cmd:, pprof's comment, JSON's command say how many), so a merge of merges adds up and a diff of a merge is per request; folded stacks record neither the mode nor a count, and say so; a description whose modes do not add up is not taken
--SKIPIF--
<?php
if (getenv('SKIP_PERF_SENSITIVE')) die('skip bin/bench\'s PHP under valgrind: report_fuzz and zstd_decompress check bench.so\'s part');
require __DIR__ . '/report.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/report.inc';
require __DIR__ . '/../../report/main.php';
use Bench\Report as R;

$dir = report_dir();
$inputs = [report_profile('bench.1.json'), report_profile('bench.2.json'), report_profile('bench.3.pb', REPORT_WORKLOAD, [], 'pprof')];
$first = fn(string $out) => preg_replace('/, \d{4}-.* UTC; by /', ', TIME; by ', explode("\n", $out)[0]);
foreach (['m.callgrind', 'm.json', 'm.pb', 'm.pb.gz', 'm.callgrind.gz', 'm.folded'] as $name) {
    report_out(['merge', ...$inputs, '-o', "$dir/$name", '--quiet']);
    printf("%s: %s\n", $name, $first(report_out(['top', "$dir/$name", '--limit=1'])));
}
echo "merge of merges: ", $first(report_out(['top', "$dir/m.json", "$dir/m.pb", $inputs[0], '--limit=1'])), "\n";
report_out(['merge', "$dir/m.json", "$dir/m.callgrind", '-o', "$dir/mm.json", '--quiet']);
echo "merged again: ", $first(report_out(['top', "$dir/mm.json", '--limit=1'])), "\n";
echo "folded among others: ", $first(report_out(['top', "$dir/m.folded", $inputs[0], '--limit=1'])), "\n";

// A merge of three against one of its requests: per request, nothing changed.
$out = report_out(['diff', "$dir/m.pb", $inputs[0], '--by=allocs']);
echo "diff: ", str_contains($out, 'costs per request (the sets differ in size)') ? 'per request' : 'summed', '; ',
    preg_match('/^\s*allocations\s+(\S+)\s+(\S+)\s+0\s/m', $out, $m) && $m[1] === $m[2] ? 'allocations the same' : $out, "\n";

// The requests tables count a merge's requests, and take its time span.
$m = new R\Model();
R\load(["$dir/m.callgrind"], R\Options::parse(['bench', 'top', 'x', '--quiet']), $m);
printf("requests: %d, endpoint requests %d\n", $m->requests[0]->count, current($m->requests[0]->endpoints)['requests']);

echo "== crafted descriptions\n";
$callgrind = file_get_contents("$dir/m.callgrind");
foreach (['bench merge of 5 profiles (2 profile mode, 2 sample mode), 2024-01-31 12:00:00 to 2024-01-31 12:05:00 UTC',
        'bench merge of 5 profiles (5 profile mode), 2024-01-31 12:00:00 to 2024-01-31 12:05:00 UTC',
        'bench merge of 3 profiles (2 profile mode, 1 sample mode), 2024-01-31 12:00:00 to 2024-01-31 12:05:00 UTC',
        'bench merge of 99999999999999999999 profiles (99999999999999999999 profile mode), 2024-01-31 12:00:00 to 2024-01-31 12:05:00 UTC',
        'bench merge of 0 profiles (0 profile mode), 2024-01-31 12:00:00 to 2024-01-31 12:05:00 UTC'] as $cmd) {
    file_put_contents("$dir/c.callgrind", preg_replace('/^cmd: .*$/m', 'cmd: ' . $cmd, $callgrind, 1));
    printf("%s -> %s\n", substr($cmd, 0, 60), explode("\n", report_out(['top', "$dir/c.callgrind", '--limit=1']))[0]);
}
?>
--EXPECTF--
m.callgrind: 3 profiles (profile mode), TIME; by wall time, %s in all
m.json: 3 profiles (profile mode), TIME; by wall time, %s in all
m.pb: 3 profiles (profile mode), TIME; by wall time, %s in all
m.pb.gz: 3 profiles (profile mode), TIME; by wall time, %s in all
m.callgrind.gz: 3 profiles (profile mode), TIME; by wall time, %s in all
m.folded: 1 profile (folded stacks, mode not recorded), TIME; by wall time, %s in all
merge of merges: 7 profiles (profile mode), TIME; by wall time, %s in all
merged again: 6 profiles (profile mode), TIME; by wall time, %s in all
folded among others: 2 profiles (1 folded stacks, mode not recorded, 1 profile mode), TIME; by wall time, %s in all
diff: per request; allocations the same
requests: 3, endpoint requests 3
== crafted descriptions
bench merge of 5 profiles (2 profile mode, 2 sample mode), 2 -> 1 profile (profile mode), %s
bench merge of 5 profiles (5 profile mode), 2024-01-31 12:00 -> 5 profiles (profile mode), 2024-01-31 12:00:00 to 2024-01-31 12:05:00 UTC; by wall time, %s in all
bench merge of 3 profiles (2 profile mode, 1 sample mode), 2 -> 3 profiles (2 profile mode, 1 sample mode), 2024-01-31 12:00:00 to 2024-01-31 12:05:00 UTC; by wall time, %s in all
bench merge of 99999999999999999999 profiles (99999999999999 -> 1 profile (profile mode), %s
bench merge of 0 profiles (0 profile mode), 2024-01-31 12:00 -> 1 profile (profile mode), %s
