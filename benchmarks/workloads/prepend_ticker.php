<?php
// For benchmarks/ticker_cost: at shutdown, the CPU time of bench's ticker thread and of the PHP thread
// (schedstat's first field, ns on a CPU), read from /proc.
register_shutdown_function(function () {
    $ticker = $php = null;
    foreach (glob('/proc/self/task/*') as $task) {
        $comm = trim((string) @file_get_contents("$task/comm"));
        $ns = (int) explode(' ', (string) @file_get_contents("$task/schedstat"))[0];
        if ($comm === 'bench ticker') {
            $ticker = $ns;
        } elseif (basename($task) === (string) getmypid()) {
            $php = $ns;
        }
    }
    $dropped = function_exists('bench_info') ? bench_info()['sample']['stack_reads_dropped'] ?? 0 : 0;
    fprintf(STDERR, "cpu ticker=%s php=%s dropped=%d\n", $ticker ?? '-', $php ?? '-', $dropped);
});
