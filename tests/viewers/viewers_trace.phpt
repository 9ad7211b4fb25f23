--TEST--
Viewers: speedscope (its npm package, in headless Chromium) opens a trace as the CLI `speedscope FILE` would: the request's thread, and in its sandwich view every function that ran, with its allocations as the arguments it shows
--SKIPIF--
<?php require __DIR__ . '/viewers.inc';
require __DIR__ . '/../../benchmarks/lib/cdp.php';
profile_skip();
cdp_skip();
// scripts/test unpacks speedscope's npm package (install_speedscope in scripts/lib.sh) and names its folder.
if (!is_file(getenv('SPEEDSCOPE') . '/dist/release/index.html')) die('skip speedscope not installed (SPEEDSCOPE: its npm package\'s folder)'); ?>
--FILE--
<?php
require __DIR__ . '/viewers.inc';
require __DIR__ . '/../../benchmarks/lib/cdp.php';
$run = viewers_run(<<<'PHP'
<?php
function inner() { usleep(2000); return str_repeat('i', 100); }
function outer() { usleep(1000); return inner(); }
for ($i = 0; $i < 3; $i++) { outer(); }
PHP, ['bench.mode' => 'profile', 'bench.output_format' => 'trace', 'bench.report' => '1']);
$file = current($run['files']);
echo "trace: ", viewers_name(key($run['files'])), "\n";
preg_match('/^open it: (.*)$/m', $run['output'], $open);
echo "report: ", str_replace($file, 'FILE', $open[1] ?? $run['output']), "\n";

// What speedscope's command does: a script that hands the file to the page, named in the page's address.
$loader = "{$run['dir']}/load.js";
file_put_contents($loader, sprintf('speedscope.loadFileFromBase64(%s, %s)', json_encode(basename($file)),
    json_encode(base64_encode(file_get_contents($file)))));
$chromium = new Cdp();
$chromium->open('file://' . getenv('SPEEDSCOPE') . '/dist/release/index.html#localProfilePath=' . $loader);
$text = '';
for ($tries = 0; $tries < 100 && !str_contains($text, 'request (tid 1)'); $tries++) {
    usleep(100000);
    $text = (string) $chromium->evaluate('document.body.innerText');
}
echo "title: ", str_replace(basename($file), 'FILE', (string) $chromium->evaluate('document.title')), "\n";
echo "thread: ", preg_match('/app\.php \(pid \d+\), request \(tid 1\)/', $text) ? 'app.php, request (tid 1)' : $text, "\n";
$chromium->key('3');
$symbols = [];
for ($tries = 0; $tries < 50 && !$symbols; $tries++) {
    usleep(100000);
    preg_match_all('/^\s*(\S+ \{"allocations":\d+,"bytes":\d+\})$/m', (string) $chromium->evaluate('document.body.innerText'), $m);
    $symbols = $m[1];
}
sort($symbols);
echo "sandwich: ", implode("\n          ", preg_replace(['/"bytes":\d+/', '/^\{request\} \{"allocations":\d+/'], ['"bytes":N', '{request} {"allocations":N'], $symbols)), "\n";
echo "console: ", $chromium->errors ? implode("\n", $chromium->errors) : 'no error', "\n";
viewers_clean($run);
?>
--EXPECT--
trace: bench.TIME.PID.N.trace.json
report: speedscope FILE (or load it in Perfetto, ui.perfetto.dev, or chrome://tracing)
title: FILE - speedscope
thread: app.php, request (tid 1)
sandwich: inner {"allocations":1,"bytes":N}
          outer {"allocations":1,"bytes":N}
          {main} {"allocations":3,"bytes":N}
          {request} {"allocations":N,"bytes":N}
console: no error
