--TEST--
Viewers: pprof profiles are gzipped by default (.pb.gz) and read as written by go tool pprof and Google's pprof, with no symbolization warning; every sample carries the request's labels for -tags and -tagfocus; profile mode states its period
--SKIPIF--
<?php require __DIR__ . '/viewers.inc'; sample_mode_skip();
// scripts/test memchecks the pprof writer in runs of its own; under run-tests' valgrind a 50 ms loop gets no sample.
if (getenv('SKIP_PERF_SENSITIVE')) die('skip samples under valgrind are too few');
if (!bench_info()['features']['zlib']['available']) die('skip built without zlib');
if (!viewers_pprof_tools()) die('skip neither go nor pprof (PPROF) installed');
if (!is_executable(dirname(PHP_BINARY) . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION)) die('skip php-cgi not installed'); ?>
--FILE--
<?php
require __DIR__ . '/viewers.inc';
$cgi = dirname(PHP_BINARY) . '/php-cgi' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
// A web request through php-cgi: its URI without the query string, method and status become labels.
$web = ['REDIRECT_STATUS' => '200', 'GATEWAY_INTERFACE' => 'CGI/1.1', 'REQUEST_METHOD' => 'GET', 'SCRIPT_NAME' => '/shop/cart',
    'REQUEST_URI' => '/shop/cart?session=secret', 'QUERY_STRING' => 'session=secret'];
$runs = [
    'profile, php-cgi' => viewers_run(VIEWERS_APP, ['bench.mode' => 'profile', 'bench.output_format' => 'pprof'], [$cgi, '-q'],
        $web + ['SCRIPT_FILENAME' => '{DIR}/app.php']),
    // row() at line 2 again, and a loop that runs long enough for samples.
    'sample, CLI' => viewers_run("<?php\nfunction row() { \$t = hrtime(true); while (hrtime(true) - \$t < 50e6); }\nrow();\n",
        ['bench.mode' => 'sample', 'bench.output_format' => 'pprof', 'bench.sample_interval_us' => '1000']),
];
foreach ($runs as $label => $run) {
    $file = current($run['files']);
    echo "$label: ", count($run['files']), " file: ", viewers_name(key($run['files'])), "\n";
    $results = [];
    foreach (viewers_pprof_tools() as $tool => $command) {
        $pprof = fn(string $args) => (string) shell_exec("$command $args " . escapeshellarg($file) . ' 2>&1');
        $tags = $pprof('-tags');
        $result = "  warnings: " . (preg_match('/not available|failed|unrecognized/', $pprof('-top')) ? $pprof('-top') : 'none') . "\n";
        // "-tags": each label's values; the path of the script made constant.
        preg_match_all('/^ (\w+): Total .*\n\s+\S+ \(\s*100%\): (.*)$/m', $tags, $m, PREG_SET_ORDER);
        foreach ($m as [, $key, $value]) {
            $result .= "  tag $key: " . match ($key) {
                'pid' => preg_match('/^\d+$/', $value) ? 'a number' : $value,
                'script' => str_replace($run['dir'], 'DIR', $value),
                default => $value,
            } . "\n";
        }
        // -tagfocus keeps the samples of a label's value, and no other.
        $sapi = str_contains($label, 'cgi') ? 'cgi-fcgi' : 'cli';
        $result .= "  -tagfocus=sapi=$sapi: " . (str_contains($pprof("-tagfocus=sapi=$sapi -top"), 'matched no samples') ? 'none' : 'kept') . "\n";
        $result .= "  -tagfocus=sapi=fpm-fcgi: " . (str_contains($pprof('-tagfocus=sapi=fpm-fcgi -top'), 'matched no samples') ? 'none' : 'kept') . "\n";
        $raw = $pprof('-raw');
        preg_match('/^PeriodType: (.*)\nPeriod: (\d+)/m', $raw, $period);
        $result .= "  period: " . ($period ? "$period[1], $period[2]" : '-') . "\n";
        // Locations name their function's file and first line: "3: 0x0 M=1 row DIR/app.php:2 s=2".
        preg_match('/^\s+\d+: 0x0 M=1 row (\S+):(\d+) s=(\d+)$/m', $raw, $row);
        $result .= "  row: " . ($row ? str_replace($run['dir'], 'DIR', "$row[1] line $row[2], start_line $row[3]") : 'missing') . "\n";
        $results[$tool] = $result;
    }
    echo count(array_unique($results)) === 1 ? current($results) : print_r($results, true);
    viewers_clean($run);
}
?>
--EXPECT--
profile, php-cgi: 1 file: bench.TIME.PID.N.pb.gz
  warnings: none
  tag method: GET
  tag pid: a number
  tag sapi: cgi-fcgi
  tag script: DIR/app.php
  tag status: 200
  tag uri: /shop/cart
  -tagfocus=sapi=cgi-fcgi: kept
  -tagfocus=sapi=fpm-fcgi: none
  period: calls count, 1
  row: DIR/app.php line 2, start_line 2
sample, CLI: 1 file: bench.TIME.PID.N.pb.gz
  warnings: none
  tag alloc_sampled: false
  tag pid: a number
  tag sapi: cli
  tag script: DIR/app.php
  -tagfocus=sapi=cli: kept
  -tagfocus=sapi=fpm-fcgi: none
  period: wall nanoseconds, 1000000
  row: DIR/app.php line 2, start_line 2
