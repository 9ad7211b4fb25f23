--TEST--
Sample mode: Go's pprof reads the sampled allocations still held at the request's end as inuse_objects and inuse_space, beside alloc_objects and alloc_space
--DESCRIPTION--
grow() appends 100,000 bytes 50 times to one string by realloc and returns
it: one block of 5,000,032 bytes, sampled at each step with a chance of
1 - e^-24.4 (a 4,096-byte mean gap), so its inuse_space is exact. churn()
frees all it makes, and is not listed.
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
function churn() { for ($i = 0; $i < 100; $i++) { $s = str_repeat('c', 100000) . ($i % 10); unset($s); } }
function grow() { $s = ''; for ($i = 0; $i < 50; $i++) { $s .= str_repeat('g', 100000); } return $s; }
churn();
$grown = grow();
PHP;
$file = report_dir() . '/inuse.pb.gz';
file_put_contents($file, current(sample_run($code, ['bench.alloc_sample_bytes' => '4096', 'bench.alloc_sample_requests' => '1',
    'bench.compress' => 'gzip'], 'pprof')['files']));
foreach (viewers_pprof_tools() as $tool => $command) {
    $top = (string) shell_exec("$command -sample_index=inuse_space -unit=byte -top " . escapeshellarg($file) . ' 2>&1');
    preg_match('/^\s*(\d+)B\s.*\sgrow$/m', $top, $m);
    echo "$tool: inuse_space of grow ", $m[1] ?? 'missing', ", churn ", preg_match('/\schurn$/m', $top) ? 'listed' : 'not listed', "\n";
    preg_match('/^Samples:\n(.*)$/m', (string) shell_exec("$command -raw " . escapeshellarg($file) . ' 2>&1'), $t);
    echo "  sample types: ", trim($t[1] ?? 'missing'), "\n";
}
?>
--EXPECTF--
%s: inuse_space of grow 5000032, churn not listed
  sample types: %Salloc_objects/count alloc_space/bytes inuse_objects/count inuse_space/bytes%A
