--TEST--
Sample mode: the sampled allocations still held when the request ends are its inuse_objects and inuse_space, per owner, beside alloc_objects and alloc_space; a block freed (by efree, by a realloc, or under a measurement's counting handlers) leaves them
--DESCRIPTION--
With a 4,096-byte mean gap a 100,032-byte block is sampled with a chance of
1 - e^-24.4, and stands for 1 block and its own size: those figures are exact
(a false failure near 1e-9 over the 450 such blocks). keep() holds 200 of them
in a static array, plus that array's buckets and a few small blocks: those are
sampled or not, and a sampled one stands for about 4 KiB (25 runs: 0 to 10,743
bytes more; the test takes up to 50,000, ten such samples); churn() and the
measured churn() free theirs; grow() appends 100,000 bytes 50 times to one
string by realloc and returns it: one block of 5,000,032 bytes. str_repeat()
owns the temporaries it makes, all freed. bin/bench reads the same counters
from the pprof file (sample_inuse_pprof.phpt: Go's pprof reads them).
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip(); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
require __DIR__ . '/../report/report.inc';
$code = <<<'PHP'
<?php
function keep() { static $kept = []; for ($i = 0; $i < 200; $i++) { $kept[] = str_repeat('k', 100000) . ($i % 10); } }
function churn() { for ($i = 0; $i < 100; $i++) { $s = str_repeat('c', 100000) . ($i % 10); unset($s); } }
function grow() { $s = ''; for ($i = 0; $i < 50; $i++) { $s .= str_repeat('g', 100000); } return $s; }
keep();
churn();
bench_measure('churn', 1);
$grown = grow();
PHP;
$ini = ['bench.alloc_sample_bytes' => '4096', 'bench.alloc_sample_requests' => '1'];
$profile = profile_json(sample_run($code, $ini, 'json'));
profile_validate_json(json_encode($profile));
echo implode(',', $profile['counters']), "\n";
foreach (['keep', 'churn', 'grow', 'str_repeat'] as $name) {
    $own = profile_function($profile, $name)['own'];
    printf("%s: alloc_objects %s, inuse_objects %s, inuse_space %s\n", $name, $own['allocs'] >= 40 ? '>= 40' : $own['allocs'],
        $name === 'keep' && $own['live_allocs'] >= 200 ? '>= 200' : $own['live_allocs'],
        $name === 'keep' ? intdiv($own['live_bytes'], 100032) . ' x 100,032 + ' . ($own['live_bytes'] % 100032 < 50000 ? 'under 50,000' : 'more')
        : $own['live_bytes']);
}
$own = array_fill_keys($profile['counters'], 0);
foreach ($profile['functions'] as $f) {
    foreach ($profile['counters'] as $counter) {
        $own[$counter] += $f['own'][$counter];
    }
}
printf("totals = the functions' own: %s\n", $own == array_intersect_key($profile['totals'], $own) ? 'yes' : 'no');

$file = report_dir() . '/inuse.pb.gz';
file_put_contents($file, current(sample_run($code, $ini + ['bench.compress' => 'gzip'], 'pprof')['files']));
$rows = report_top(['--by=live_bytes', $file]);
echo "bench top --by=live_bytes: grow ", $rows['grow'][0] ?? 'missing', ", churn ", $rows['churn'][0] ?? 'missing', "\n";
?>
--EXPECT--
wall_ns,allocs,alloc_bytes,live_allocs,live_bytes
keep: alloc_objects >= 40, inuse_objects >= 200, inuse_space 200 x 100,032 + under 50,000
churn: alloc_objects >= 40, inuse_objects 0, inuse_space 0
grow: alloc_objects >= 40, inuse_objects 1, inuse_space 5000032
str_repeat: alloc_objects >= 40, inuse_objects 0, inuse_space 0
totals = the functions' own: yes
bench top --by=live_bytes: grow 5000032, churn 0
