--TEST--
The requests and endpoints tables have a request's allocations and allocated bytes from every format that holds them: pprof, which writes no totals, as callgrind and JSON (what the samples add up to)
--SKIPIF--
<?php
if (getenv('SKIP_PERF_SENSITIVE')) die('skip bin/bench\'s PHP under valgrind: report_fuzz and zstd_decompress check bench.so\'s part');
require __DIR__ . '/report.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/report.inc';
require __DIR__ . '/../../report/main.php';
use Bench\Report as R;

$code = str_replace(['mid(3);', 'mid(5);'], ['mid(300);', 'mid(500);'], REPORT_WORKLOAD);
$files = [
    'json' => report_profile('bench.r.json', $code),
    'callgrind' => report_profile('bench.r.callgrind', $code, [], 'callgrind'),
    'pprof' => report_profile('bench.r.pb', $code, [], 'pprof'),
    'pprof, gzip' => report_profile('bench.r.pb.gz', $code, ['bench.compress' => 'gzip'], 'pprof'),
];
$totals = json_decode(file_get_contents($files['json']), true)['totals'];
printf("the JSON's totals: %d allocations, %d bytes\n", $totals['allocs'] > 800, $totals['alloc_bytes'] > 800 * 100);
// The tables' data, whatever HTML shows it: the Requests of a set read as the commands read it.
$requests = function (array $files): R\Requests {
    $m = new R\Model();
    R\load($files, R\Options::parse(['bench', 'top', ...$files, '--quiet']), $m);
    return $m->requests[0];
};
foreach ($files as $format => $file) {
    $r = $requests([$file]);
    $q = $r->slowest[0];
    $e = current($r->endpoints);
    printf("%s: request %s, endpoint %s\n", $format,
        [$q['allocs'], $q['alloc_bytes']] === [$totals['allocs'], $totals['alloc_bytes']] ? "the JSON's" : json_encode([$q['allocs'], $q['alloc_bytes']]),
        [$e['allocs'], $e['alloc_bytes']] === [$totals['allocs'], $totals['alloc_bytes']] ? "the JSON's" : json_encode([$e['allocs'], $e['alloc_bytes']]));
}
?>
--EXPECT--
the JSON's totals: 1 allocations, 1 bytes
json: request the JSON's, endpoint the JSON's
callgrind: request the JSON's, endpoint the JSON's
pprof: request the JSON's, endpoint the JSON's
pprof, gzip: request the JSON's, endpoint the JSON's
