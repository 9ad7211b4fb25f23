--TEST--
bench merge -o .pb.gz keeps every request's labels on its samples (uri, method, status, pid, alloc_sampled...), as pprof's own merge does, and names its mapping: pprof -tags of the merged file shows each URI with its share, and pprof finds a main binary
--SKIPIF--
<?php
require __DIR__ . '/report.inc';
profile_skip();
if (report_cgi_binary() === null) die('skip php-cgi not installed');
if (trim((string) shell_exec('command -v go')) === '') die('skip go (golang-go) not installed');
?>
--FILE--
<?php
require __DIR__ . '/report.inc';
$dir = report_dir();
mkdir("$dir/pool");
$code = '<?php function page($n) { $s = ""; for ($i = 0; $i < $n; $i++) { $s .= str_repeat("x", 10); } return $s; } echo strlen(page(100));';
foreach (['/a/1', '/b/2', '/a/1'] as $i => $uri) {
    $path = report_request("pool/bench.$i.pb.gz", 'GET', $uri, $code, ['bench.mode' => 'profile', 'bench.compress' => 'gzip'], 'pprof');
}
[$out, $err, $status] = report_run(['merge', "$dir/pool", '-o', "$dir/merged.pb.gz"]);
echo "merge: exit $status\n";
exec('go tool pprof -sample_index=calls -tags ' . escapeshellarg("$dir/merged.pb.gz") . ' 2>&1', $tags, $status);
$text = implode("\n", $tags);
echo "pprof -tags: exit $status\n";
foreach (['uri', 'method', 'status', 'pid', 'sapi', 'script'] as $key) {
    echo "  $key: ", preg_match("/^ $key: Total/m", $text) ? 'kept' : 'lost', "\n";
}
// The calls are the same in each request: /a/1 has two of the three.
preg_match_all('~^\s+\S+ \(\s*([\d.]+)%\): (/a/1|/b/2)$~m', $text, $m, PREG_SET_ORDER);
foreach ($m as [, $share, $uri]) {
    printf("  %s: %s\n", $uri, abs($share - ($uri === '/a/1' ? 66.67 : 33.33)) < 0.01 ? 'its share of calls' : "$share%");
}
exec('go tool pprof -sample_index=calls -top ' . escapeshellarg("$dir/merged.pb.gz") . ' 2>&1', $top, $status);
echo "pprof -top: exit $status, ", implode(' ', preg_grep('/^File: |Main binary/', $top)), "\n";
echo "page() calls: ", implode(' ', array_map(fn($l) => preg_split('/\s+/', trim($l))[0], preg_grep('/\bpage$/', $top))), "\n";
?>
--EXPECT--
merge: exit 0
pprof -tags: exit 0
  uri: kept
  method: kept
  status: kept
  pid: kept
  sapi: kept
  script: kept
  /a/1: its share of calls
  /b/2: its share of calls
pprof -top: exit 0, File: php
page() calls: 3
