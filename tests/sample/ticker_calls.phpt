--TEST--
Sample mode: the code that runs on the ticker's bare thread calls no C library function that may set errno (a call-graph check of the sources)
--DESCRIPTION--
The ticker made with clone() shares the PHP thread's thread-local storage
(src/lib/thread.h): errno, glibc's thread state. So it may make system calls
only through bench_thread_syscall(), and read clocks only where the vDSO
answers without fail. This test compiles every source with GCC's
-fcallgraph-info, follows the calls from the functions that run on that
thread (bench_thread_bare_main, which calls the thread's function, and
bench_sample_ticker, that function), and lists every function they reach
outside bench's own sources. Allowed: bench_thread_syscall (a raw system
call), clock_gettime (CLOCK_MONOTONIC only, answered by the vDSO, which
cannot fail there), the mem* builtins, and zend_hash_index_find on bench's
own tables of internal functions (the process's, built at startup; a
thread-safe PHP's thread's own, built at its first sampled request), only
read after.
Calls through the stack reader's two pointers are followed to the functions
bench sets them to. Any other call (a libc wrapper, errno, malloc), or a
call through another pointer, fails the test.
--SKIPIF--
<?php
$config = 'php-config' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
if (trim((string) shell_exec("command -v $config")) === '') die("skip $config not installed");
if (trim((string) shell_exec('command -v gcc')) === '') die('skip no gcc');
// In a directory of its own: gcc writes the graph (-.ci) beside where it runs.
exec('cd ' . escapeshellarg(sys_get_temp_dir()) . ' && echo "int f(void){return 0;}" | gcc -x c -c -fcallgraph-info -o /dev/null - 2>&1 && rm -f -- -.ci',
    $out, $status);
if ($status !== 0) die('skip gcc has no -fcallgraph-info (GCC 10 or later)');
if (getenv('SKIP_PERF_SENSITIVE')) die('skip the same check as the runs without valgrind, slower'); ?>
--FILE--
<?php
$top = dirname(__DIR__, 2);
$tmp = sys_get_temp_dir() . '/bench-ticker-calls-' . getmypid();
mkdir($tmp);
$includes = trim((string) shell_exec('php-config' . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION . ' --includes'));
// The flags of scripts/test's compile-only step, with the optional libraries on.
$flags = "-std=gnu11 -O2 -fPIC -D_GNU_SOURCE -DHAVE_LINUX_PERF_EVENT_H -DHAVE_BENCH_ZSTD -DHAVE_BENCH_LIBUNWIND "
    . "-DHAVE_BENCH_ZLIB -DZEND_COMPILE_DL_EXT=1 -DCOMPILE_DL_BENCH=1 -I$top $includes -fcallgraph-info";
// Two compilers at a time (the machine's cores, under run-tests' 60 s), each source to an object named by its index.
$sources = glob("$top/src/*/*.c");
$list = "$tmp/sources";
file_put_contents($list, implode("\n", array_map(fn($i, $source) => "$i $source", array_keys($sources), $sources)) . "\n");
exec(sprintf('cd %s && xargs -P 2 -L 1 sh -c %s _ < %s 2>&1', escapeshellarg($tmp),
    escapeshellarg("gcc -c $flags -o \"\$1.o\" \"\$2\" || exit 255"), escapeshellarg($list)), $out, $status);
if ($status !== 0) {
    die("cannot compile the sources: " . implode("\n", $out));
}
$calls = $defined = [];
foreach (glob("$tmp/*.ci") as $graph) {
    foreach (file($graph) as $line) {
        // A function with a body here; one declared only (a callee elsewhere) is drawn as an ellipse.
        if (preg_match('/^node: \{ title: "([^"]*:)?([^":]+)"/', $line, $m) && !str_contains($line, 'shape : ellipse')) {
            $defined[$m[2]] = true;
        } elseif (preg_match('/^edge: \{ sourcename: "(?:[^"]*:)?([^":]+)" targetname: "(?:[^"]*:)?([^":]+)"/', $line, $m)) {
            $calls[$m[1]][] = $m[2];
        }
    }
}
array_map('unlink', glob("$tmp/*"));
rmdir($tmp);
// Functions with a body in bench's sources are followed; the rest are what the thread calls outside them.
$allowed = ['bench_thread_syscall', 'clock_gettime', 'memcpy', 'memset', 'memcmp', 'memmove', 'zend_hash_index_find'];
// Calls through a pointer, with the functions it is set to (bench_stacks_init() in bench_sample_minit()): followed too.
$pointers = ['bench_stacks_walk' => ['bench_sample_read_frame'], 'bench_stacks_tick' => ['bench_sample_thread_has_internal']];
$reached = $outside = [];
$todo = ['bench_thread_bare_main', 'bench_sample_ticker'];
while ($todo) {
    $fn = array_pop($todo);
    if (isset($reached[$fn])) {
        continue;
    }
    $reached[$fn] = true;
    foreach ($calls[$fn] ?? [] as $callee) {
        // GCC's copies of a function (bench_stacks_walk.isra.0) make the same calls through its pointers.
        $base = preg_replace('/\.(isra|constprop|part)\.\d+$/', '', $fn);
        if ($callee === '__indirect_call' && isset($pointers[$base])) {
            array_push($todo, ...$pointers[$base]);
        } elseif ($callee === '__indirect_call') {
            $outside[$fn === 'bench_thread_bare_main' ? "the thread's function" : "a pointer, in $fn"] = true;
        } elseif (isset($defined[$callee]) && !in_array($callee, $allowed, true)) {
            $todo[] = $callee;
        } else {
            $outside[$callee] = true;
        }
    }
}
ksort($outside);
echo "functions run on the ticker's thread: ", count($reached) >= 8 ? 'found' : implode(', ', array_keys($reached)), "\n";
echo "calls outside them: ", implode(', ', array_keys($outside)), "\n";
$forbidden = array_diff(array_keys($outside), [...$allowed, "the thread's function"]);
echo "forbidden: ", $forbidden ? implode(', ', $forbidden) : 'none', "\n";
?>
--EXPECT--
functions run on the ticker's thread: found
calls outside them: bench_thread_syscall, clock_gettime, the thread's function, zend_hash_index_find
forbidden: none
