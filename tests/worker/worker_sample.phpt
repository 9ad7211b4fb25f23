--TEST--
Worker mode, sample mode: each handled request (bench_request_begin(), bench_request_end()) is sampled as a request of its own, with its own calls, URI, method, status and labels, as bench.sample_requests draws it: at 0, begin says false and no profile is written
--SKIPIF--
<?php require __DIR__ . '/../profile/profile.inc'; sample_mode_skip();
if (getenv('SKIP_PERF_SENSITIVE')) die('skip samples under valgrind are too few: a 10 ms handler may get none'); ?>
--FILE--
<?php
require __DIR__ . '/worker.inc';
worker_run('sample', ['bench.sample_interval_us' => '500']);
$run = profile_run('<?php var_dump(bench_request_begin("/x"), bench_request_end(200));', ['bench.mode' => 'sample', 'bench.sample_requests' => '0'], 'json');
echo "not drawn: ", str_replace("\n", ' ', trim($run['output'])), ", ", count($run['files']), " files\n";
?>
--EXPECT--
sample mode: a second end: false
bench_request_end(): Argument #1 ($status) must be an HTTP status (0 for none, up to 999)
  - script.php 0, endpoint -: boot
  GET /products/7 200, endpoint GET show_product: show_product
  POST /cart 201, endpoint POST add_to_cart: add_to_cart
  GET /products/8 404, endpoint GET show_product: show_product
  POST /checkout 0, endpoint -: add_to_cart
not drawn: bool(false) bool(false), 0 files
