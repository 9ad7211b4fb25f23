--TEST--
bench serve DIR: a local page (PHP's built-in server on 127.0.0.1) lists a directory's profiles newest first, filters them by endpoint, label and duration, opens one or a merged set and diffs two in Chromium with no console error; it serves nothing outside DIR (no other path, no link, no other name), escapes what profiles say, and stops with its server when killed
--SKIPIF--
<?php
if (getenv('SKIP_PERF_SENSITIVE')) die('skip bin/bench\'s PHP under valgrind: report_fuzz and zstd_decompress check bench.so\'s part');
require __DIR__ . '/report.inc';
require __DIR__ . '/../../benchmarks/lib/cdp.php';
profile_skip();
cdp_skip();
if (!function_exists('pcntl_signal')) die('skip pcntl: serve stops its server on a signal');
?>
--FILE--
<?php
require __DIR__ . '/report.inc';
require __DIR__ . '/../../benchmarks/lib/cdp.php';
$dir = report_dir();
mkdir("$dir/pool");
$runs = [
    ['product.show', 'acme', 0], ['product.show', 'other', 0], ['cart.add', 'acme', 60_000],
    ['<script>xss(1)</script>"\'', 'acme', 0], ['home', '', 0],
];
foreach ($runs as $i => [$endpoint, $tenant, $sleep]) {
    $code = sprintf('<?php bench_label("endpoint", %s); %s usleep(%d); echo str_repeat("x", 10);', var_export($endpoint, true),
        $tenant === '' ? '' : sprintf('bench_label("tenant", %s);', var_export($tenant, true)), $sleep);
    report_profile("pool/bench.$i.json", $code);
    touch("$dir/pool/bench.$i.json", time() - 100 + $i);
}
file_put_contents("$dir/secret.json", file_get_contents("$dir/pool/bench.0.json"));
symlink("$dir/secret.json", "$dir/pool/bench.link.json");
file_put_contents("$dir/pool/notes.txt", 'not a profile');

// A free port: the kernel's choice for a socket, closed again.
$socket = stream_socket_server('tcp://127.0.0.1:0');
$port = (int) substr(strrchr(stream_socket_get_name($socket, false), ':'), 1);
fclose($socket);
$base = "http://127.0.0.1:$port";
$proc = proc_open([PHP_BINARY, '-n', '-d', 'extension=' . getenv('BENCH_SO'), REPORT_BENCH, 'serve', "$dir/pool", "--listen=127.0.0.1:$port"],
    [1 => ['file', '/dev/null', 'w'], 2 => ['file', "$dir/serve.log", 'w']], $pipes);
for ($i = 0; $i < 100 && !@fsockopen('127.0.0.1', $port); $i++) {
    usleep(100_000);
}
$get = function (string $path) use ($base): array {
    $body = @file_get_contents($base . $path, false, stream_context_create(['http' => ['ignore_errors' => true]]));
    return [(int) explode(' ', $http_response_header[0] ?? 'HTTP/1.0 0')[1], (string) $body];
};
$rows = fn(string $html) => preg_match_all('~<td class="l"><a href="/report\?f%5B%5D=[^"]*">([^<]*)</a>~', $html, $m) ? implode(', ', $m[1]) : 'none';

[$status, $list] = $get('/');
echo "list: $status, ", $rows($list), "\n";
echo "escaped: ", str_contains($list, '&lt;script&gt;xss(1)&lt;/script&gt;&quot;&apos;') && !str_contains($list, '<script>') ? 'yes' : 'no', "\n";
echo "endpoint product.*: ", $rows($get('/?endpoint=product.%2A')[1]), "\n";
echo "label tenant=acme: ", $rows($get('/?label=tenant%3Dacme')[1]), "\n";
echo "at least 50 ms: ", $rows($get('/?min_ms=50')[1]), "\n";
foreach (['/report?f%5B%5D=..%2Fsecret.json', '/report?f%5B%5D=bench.link.json', '/report?f%5B%5D=notes.txt', '/report?f%5B%5D=' . urlencode("$dir/secret.json"),
        '/../secret.json', '/secret.json', '/report'] as $path) {
    [$status, $body] = $get($path);
    echo "$path: $status", $status === 200 ? '' : ' ' . html_entity_decode(preg_match('~<p>([^<]*)</p>~', $body, $p) ? $p[1] : $body), "\n";
}
[$status, $one] = $get('/report?f%5B%5D=bench.2.json');
echo "one: $status, ", preg_match('~<title>([^<]*)</title>~', $one, $t) ? $t[1] : 'no title', ", ", preg_match('~(\d+) profiles?~', $one, $n) ? $n[0] : '', "\n";
[$status, $merged] = $get('/report?all=1&label=tenant%3Dacme');
echo "merged: $status, ", preg_match('~<title>([^<]*)</title>~', $merged, $t) ? $t[1] : 'no title', "\n";

$chromium = new Cdp();
foreach (['/', '/report?f%5B%5D=bench.0.json&f%5B%5D=bench.1.json', '/diff?a%5B%5D=bench.0.json&b%5B%5D=bench.2.json'] as $path) {
    $chromium->open($base . $path);
    echo "Chromium $path: ", $chromium->evaluate('document.querySelector("h1, h2").textContent'), ", ",
        $chromium->errors ? implode("\n", $chromium->errors) : 'no console error', "\n";
}
$chromium->open("$base/");
$chromium->evaluate('document.querySelector("input[name=\'b[]\'][value=\'bench.2.json\']").id = "b2"; document.querySelector("input[name=\'a[]\'][value=\'bench.0.json\']").id = "a0"; 1');
$chromium->click('#a0');
$chromium->click('#b2');
$chromium->click('#diff button');
$chromium->wait('Page.loadEventFired');
echo "ticked A and B, then Diff: ", parse_url($chromium->evaluate('location.href'), PHP_URL_PATH), ", ", $chromium->evaluate('document.querySelector("h2").textContent'), "\n";

proc_terminate($proc);
for ($i = 0; $i < 50 && proc_get_status($proc)['running']; $i++) {
    usleep(100_000);
}
echo "stopped: ", @fsockopen('127.0.0.1', $port) ? 'still listening' : 'the server too', ", ",
    glob(sys_get_temp_dir() . '/bench-serve-*/index') ? 'an index left' : 'no index left', "\n";
?>
--EXPECTF--
list: 200, bench.4.json, bench.3.json, bench.2.json, bench.1.json, bench.0.json
escaped: yes
endpoint product.*: bench.1.json, bench.0.json
label tenant=acme: bench.3.json, bench.2.json, bench.0.json
at least 50 ms: bench.2.json
/report?f%5B%5D=..%2Fsecret.json: 400 no such profile in the directory: ../secret.json
/report?f%5B%5D=bench.link.json: 400 no such profile in the directory: bench.link.json
/report?f%5B%5D=notes.txt: 400 no such profile in the directory: notes.txt
/report?f%5B%5D=%s: 400 no such profile in the directory: %s/secret.json
/../secret.json: 404 No such page.
/secret.json: 404 No such page.
/report: 400 no profile chosen
one: 200, bench.2.json, 1 profile
merged: 200, 3 profiles merged
Chromium /: Profiles in %s/pool, no console error
Chromium /report?f%5B%5D=bench.0.json&f%5B%5D=bench.1.json: 2 profiles merged, no console error
Chromium /diff?a%5B%5D=bench.0.json&b%5B%5D=bench.2.json: bench diff, no console error
ticked A and B, then Diff: /diff, Differential flame graph
stopped: the server too, no index left
