--TEST--
Profile mode: user code that other modules run at their RSHUTDOWN (a session save handler) is profiled into the request; code after the request's end is refused, not crashed on
--DESCRIPTION--
The session module writes the session at its RSHUTDOWN, which the engine
calls after bench's (extensions loaded from php.ini end their request
first). The build before ended the profile and freed the fibers' kept stacks
there; a save handler that called bench_start() and switched fibers then
read and reallocated the freed stacks (a segmentation fault, every time),
and its profile was never written nor counted. bench now ends the request
after every module's RSHUTDOWN: the save handler's write() and close() are
in the request's profile, with their fiber, and the sums stay exact (with
bench.start=api, what follows the bench_start() inside write()). A user
stream left open is closed later still, as the engine tears the request
down: a bench_start() there returns false with a warning.
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip();
if (!extension_loaded('session')) die('skip session extension not available'); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$code = <<<'PHP'
<?php
$f = new Fiber(fn() => Fiber::suspend()); $f->start(); $f->resume();
session_set_save_handler(new class implements SessionHandlerInterface {
    function open($p, $n): bool { return true; }
    function close(): bool { return true; }
    function read($id): string|false { return ''; }
    function destroy($id): bool { return true; }
    function gc($m): int|false { return 0; }
    function write($id, $d): bool {
        echo "bench_start() in write(): ", var_export(bench_start(), true), "\n";
        $g = new Fiber(function () { Fiber::suspend(); }); $g->start();
        return strlen(str_repeat($d, 3)) > 0;
    }
}, false);
session_start(); $_SESSION['x'] = 1;

class LateStream {
    public $context;
    function stream_open($path, $mode, $options, &$opened) { return true; }
    function stream_close() { echo "bench_start() as the engine closes a stream: ", var_export(@bench_start(), true), ", ", error_get_last()['message'] ?? '-', "\n"; }
}
stream_wrapper_register('late', 'LateStream');
$GLOBALS['late'] = fopen('late://x', 'r');
PHP;
foreach (['request', 'api'] as $start) {
    echo "bench.start=$start\n";
    $run = profile_run($code, ['bench.start' => $start]);
    echo $run['output'], "\nexit status: ", $run['status'], "\n";
    $p = profile_json($run);
    foreach (['write', 'close', '{closure}'] as $method) {
        foreach ($p['functions'] as $f) {
            if (str_ends_with($f['name'], "::$method") || ($method === '{closure}' && $f['line'] === 11)) {
                echo "$method: {$f['calls']} call(s)\n";
            }
        }
    }
    echo profile_check_sums($p), "\n";
}
?>
--EXPECTF--
bench.start=request
bench_start() in write(): false
bench_start() as the engine closes a stream: false, bench_start(): The request has ended: nothing that runs after it is profiled
exit status: 0
write: 1 call(s)
close: 1 call(s)
{closure}: 1 call(s)
sums exact
bench.start=api
bench_start() in write(): true
bench_start() as the engine closes a stream: false, bench_start(): The request has ended: nothing that runs after it is profiled
exit status: 0
close: 1 call(s)
{closure}: 1 call(s)
sums exact
