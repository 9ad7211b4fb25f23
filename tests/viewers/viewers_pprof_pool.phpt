--TEST--
Viewers: a pool's sample-mode pprof files, some with sampled allocations and some without, open together in pprof as one profile (every file of one configuration has the same sample types), and -tags tells the two kinds apart
--DESCRIPTION--
php-cgi -T 16 runs a request 16 times in one process (the writer thread, as
under php-fpm) with bench.alloc_sample_requests=0.5: each request spins 20 ms
at 1 ms a sample and allocates 2 MB, so it has a profile, and a file with
sampled allocations and one without are both there unless 16 fair coins all
came up alike (3e-5, or the writer dropped most of them; the test then says
which kind is missing rather than passing). Before, the files whose
allocations were sampled had six sample types and the others two: pprof
refused them together ("inconsistent samples type count").
--SKIPIF--
<?php require __DIR__ . '/viewers.inc'; sample_mode_skip();
if (getenv('SKIP_PERF_SENSITIVE')) die('skip samples under valgrind are too few');
if (!bench_info()['features']['zlib']['available']) die('skip built without zlib');
if (!is_executable(dirname(PHP_BINARY) . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION)) die('skip php-cgi not installed');
if (!viewers_pprof_tools()) die('skip neither go nor pprof (PPROF) installed'); ?>
--FILE--
<?php
require __DIR__ . '/viewers.inc';
$app = <<<'PHP'
<?php
function allocate(): int { $a = []; for ($i = 0; $i < 200; $i++) { $a[] = str_repeat('x', 10000 + $i); } return count($a); }
function spin(): void { for ($t = hrtime(true); hrtime(true) - $t < 20e6;) {} }
allocate();
spin();
PHP;
$cgi = dirname(PHP_BINARY) . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
$run = viewers_run($app, ['bench.mode' => 'sample', 'bench.output_format' => 'pprof', 'bench.sample_interval_us' => '1000',
    'bench.alloc_sample_bytes' => '65536', 'bench.alloc_sample_requests' => '0.5'], [$cgi, '-q', '-T', '16']);
$files = array_values($run['files']);
$kinds = [];
foreach (viewers_pprof_tools() as $name => $tool) {
    exec(sprintf('%s -tags %s 2>&1', $tool, implode(' ', array_map('escapeshellarg', $files))), $out, $status);
    $tags = implode("\n", $out);
    $kinds = [str_contains($tags, 'true') ? 'with' : 'no file with', str_contains($tags, 'false') ? 'without' : 'no file without'];
    printf("%s -tags of %s: exit %d, alloc_sampled: %s, %s\n", $name, count($files) >= 8 ? '8 files or more' : count($files) . ' files', $status,
        preg_match('/alloc_sampled/', $tags) ? 'labelled' : 'no label', implode(' and ', $kinds));
    $out = [];
    exec(sprintf('%s -top -sample_index=alloc_space %s 2>&1', $tool, implode(' ', array_map('escapeshellarg', $files))), $out, $status);
    printf("%s -top -sample_index=alloc_space: exit %d, allocate() %s\n", $name, $status,
        preg_grep('/\ballocate$/', $out) ? 'listed' : 'missing: ' . implode(' ', array_slice($out, 0, 3)));
    $out = [];
}
viewers_clean($run);
?>
--EXPECTF--
%s -tags of 8 files or more: exit 0, alloc_sampled: labelled, with and without
%s -top -sample_index=alloc_space: exit 0, allocate() listed%A
