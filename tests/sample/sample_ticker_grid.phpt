--TEST--
Sample mode: every process's ticker sleeps until a multiple of the interval on CLOCK_MONOTONIC, so that a pool's tickers wake together
--DESCRIPTION--
Workers sharing a CPU then pay one timer interrupt per tick between them, not
one each (benchmarks/vm_costs). The script reads the ticker's deadline while
it sleeps: /proc/PID/task/TID/syscall gives clock_nanosleep's arguments, and
/proc/PID/mem the timespec they point at. It does so in the parent and in a
forked child (whose ticker starts anew). A read counts only where the ticker
did not run meanwhile (its schedstat unchanged): it reads the clock into the
same stack slot between two sleeps, whose arguments are the same. The interval is 3 ms: a ticker on a
grid of its own would put a deadline on a multiple of it with a chance of 1 in
3,000,000, so the test fails for a ticker off the shared grid.
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip();
if (!function_exists('pcntl_fork')) die('skip pcntl not available');
if (!is_file(ini_get('extension_dir') . '/posix.so')) die('skip posix.so not installed');
if (!in_array(php_uname('m'), ['x86_64', 'aarch64'], true)) die('skip clock_nanosleep\'s number known on x86_64 and aarch64 only'); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$run = sample_run(<<<'PHP'
<?php
/* Deadlines (ns) of the ticker's clock_nanosleep calls, read while it sleeps in one. */
function ticker_deadlines(int $want): array
{
    $nr = php_uname('m') === 'x86_64' ? 230 : 115;
    // Not /proc/self: PHP's realpath cache would keep the parent's for a forked child.
    $proc = '/proc/' . posix_getpid();
    $tid = null;
    $mem = fopen("$proc/mem", 'rb');
    // Unbuffered: a buffer filled earlier would answer for the same address.
    stream_set_read_buffer($mem, 0);
    $deadlines = [];
    for ($try = 0; count($deadlines) < $want && $try < 20000; $try++) {
        // A forked child's ticker starts at its first tick: looked for until it is there.
        foreach ($tid === null ? glob("$proc/task/*/comm") : [] as $comm) {
            if (trim((string) @file_get_contents($comm)) === 'bench ticker') {
                $tid = basename(dirname($comm));
            }
        }
        $ran = $tid === null ? '' : (string) @file_get_contents("$proc/task/$tid/schedstat");
        $call = $tid === null ? '' : (string) @file_get_contents("$proc/task/$tid/syscall");
        // Number, clock, flags (TIMER_ABSTIME is 1), the deadline's address; numbers after the first in hex.
        $args = array_map(fn($arg) => str_starts_with($arg, '0x') ? hexdec(substr($arg, 2)) : (int) $arg,
            explode(' ', trim($call)));
        if (count($args) < 4 || $args[0] !== $nr || $args[2] !== 1) {
            continue;
        }
        fseek($mem, $args[3]);
        $ts = unpack('qsec/qnsec', fread($mem, 16));
        // Still in the same call, and the ticker did not run: the timespec is that call's deadline.
        if (@file_get_contents("$proc/task/$tid/syscall") === $call && @file_get_contents("$proc/task/$tid/schedstat") === $ran) {
            $deadlines[] = $ts['sec'] * 1000000000 + $ts['nsec'];
        }
    }
    return $deadlines;
}

function on_grid(string $who): void
{
    $deadlines = ticker_deadlines(20);
    $off = array_filter($deadlines, fn($ns) => $ns % 3000000 !== 0);
    printf("%s: %s deadlines read, on multiples of 3 ms: %s\n", $who, count($deadlines) >= 20 ? '20' : count($deadlines),
        $deadlines && !$off ? 'all' : count($off) . ' off the grid, e.g. ' . (reset($off) % 3000000) . ' ns past it');
}

on_grid('parent');
$pid = pcntl_fork();
if ($pid === 0) {
    on_grid('child');
    exit(0);
}
pcntl_waitpid($pid, $status);
PHP, ['bench.sample_interval_us' => '3000', 'extension' => 'posix']);
echo $run['output'], "\n";
?>
--EXPECT--
parent: 20 deadlines read, on multiples of 3 ms: all
child: 20 deadlines read, on multiples of 3 ms: all
