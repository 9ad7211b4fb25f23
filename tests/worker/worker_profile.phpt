--TEST--
Worker mode, profile mode: a long-running loop marks each handled request with bench_request_begin() and bench_request_end(), and gets a profile per request with its own calls, URI (its query string as bench.uri_query keeps it), method, status and labels; the worker's start is a profile of its own, a request not ended is written at the worker's end, each profile's own costs plus overhead add up to its totals; with bench off, begin says false
--SKIPIF--
<?php require __DIR__ . '/../profile/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/worker.inc';
worker_run('profile');
$run = profile_run('<?php var_dump(bench_request_begin("/x"));', ['bench.mode' => 'off'], 'json');
echo "bench off: ", trim($run['output']), "\n";
?>
--EXPECT--
profile mode: a second end: false
bench_request_end(): Argument #1 ($status) must be an HTTP status (0 for none, up to 999)
  - script.php 0, endpoint -: boot, sums exact
  GET /products/7 200, endpoint GET show_product: show_product, sums exact
  POST /cart 201, endpoint POST add_to_cart: add_to_cart, sums exact
  GET /products/8 404, endpoint GET show_product: show_product, sums exact
  POST /checkout 0, endpoint -: add_to_cart, sums exact
bench off: bool(false)
