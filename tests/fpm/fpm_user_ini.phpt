--TEST--
php-fpm: a .user.ini cannot change who is profiled, where profiles go or how much disk they take, nor make bench cost more (bigger caps, counting allocations, the report in the pool's log, native stacks, allocations sampled more often, a finer or longer trace: refused with one warning a worker; smaller caps taken); a client shown warnings never sees profiles' paths or pids
--DESCRIPTION--
The pool profiles only requests that give the trigger's secret, into its
own directory, under a 1 MB cap. A site's .user.ini (anyone who can write a
directory of the site can place one) tried to profile every request, empty
the secret, send profiles elsewhere and lift the cap: all of it took effect
before (bench.start, bench.trigger_secret, bench.output_dir and
bench.output_max_mb were per-directory settings, as were the sampling
fractions). Those are php.ini or pool settings now, so the .user.ini changes
none of them; settings of how a profile is written (bench.output_format
here) still follow a directory's .user.ini. A second pool displays errors
(display_errors=On) and cannot write its profiles: the next response (on
a thread-safe PHP, which writes in the request, the same one) says
a profile could not be written and points to the error log; the error log
(FastCGI's stderr, which a web server logs, and php-fpm's own) holds the
path, the response none.
--SKIPIF--
<?php require __DIR__ . '/fpm.inc'; fpm_skip(); ?>
--FILE--
<?php
require __DIR__ . '/fpm.inc';
$code = <<<'PHP'
<?php
function work() { return array_sum(range(1, 1000)); }
work();
foreach (['bench.start', 'bench.trigger_secret', 'bench.output_dir', 'bench.output_max_mb', 'bench.output_format', 'bench.max_nodes',
        'bench.max_depth', 'bench.count_allocs', 'bench.report', 'bench.native_stacks', 'bench.alloc_sample_bytes', 'bench.trace_min_us',
        'bench.trace_max_events'] as $k) {
    echo $k, '=', basename((string) ini_get($k)), ' ';
}
echo "\n";
PHP;
$fpm = fpm_start($code, ['bench.mode' => 'profile', 'bench.start' => 'trigger', 'bench.trigger_secret' => 's3cret',
    'bench.output_format' => 'json', 'bench.output_max_mb' => '1'], 1);
mkdir("{$fpm['dir']}/site/stolen", 0777, true);
file_put_contents("{$fpm['dir']}/site/app.php", $code);
file_put_contents("{$fpm['dir']}/site/.user.ini", "bench.start=request\nbench.trigger_secret=\n"
    . "bench.output_dir={$fpm['dir']}/site/stolen\nbench.output_max_mb=0\nbench.output_format=folded\n"
    // What costs every request of the directory more: bigger caps, counting, the report in the pool's log, native stacks,
    // allocations sampled fifty times as often. Smaller caps are taken.
    . "bench.max_nodes=100000000\nbench.max_depth=10\nbench.count_allocs=1\nbench.report=1\nbench.native_stacks=1\nbench.alloc_sample_bytes=1\n"
    . "bench.trace_min_us=0\nbench.trace_max_events=1000000\n");
// php-fpm reads .user.ini files only for a request that gives DOCUMENT_ROOT.
$site = fn(string $query) => trim(preg_replace('/^.*\r?\n\r?\n/s', '', (string) shell_exec(sprintf(
    'env SCRIPT_FILENAME=%s DOCUMENT_ROOT=%s SCRIPT_NAME=/site/app.php REQUEST_METHOD=GET REQUEST_URI=%s QUERY_STRING=%s'
    . ' cgi-fcgi -bind -connect %s 2>&1', escapeshellarg("{$fpm['dir']}/site/app.php"), escapeshellarg($fpm['dir']),
    escapeshellarg("/site/app.php?$query"), escapeshellarg($query), escapeshellarg("{$fpm['dir']}/fpm.sock")))));
foreach (['no trigger' => '', 'a wrong secret' => 'BENCH_TRIGGER=nope', 'the secret' => 'BENCH_TRIGGER=s3cret'] as $what => $query) {
    // The costlier settings are refused with one warning a worker: in the first response (display_errors is on here).
    $body = $site($query);
    preg_match_all('~(\S+) in a directory\'s .user.ini or .htaccess would make bench cost more~', $body, $warned);
    echo "$what: ", trim(preg_replace('~<br />\s*<b>Warning</b>:.*?<br />~s', '', $body)), "\n";
    echo "  warned of: ", implode(', ', $warned[1]) ?: 'nothing', "\n";
    usleep(300000);
}
$stolen = glob("{$fpm['dir']}/site/stolen/*");
array_map('unlink', [...$stolen, "{$fpm['dir']}/site/app.php", "{$fpm['dir']}/site/.user.ini"]);
profile_forget_usage("{$fpm['dir']}/site/stolen");
rmdir("{$fpm['dir']}/site/stolen");
rmdir("{$fpm['dir']}/site");
[$files, $log] = fpm_stop($fpm);
echo "profiles in the pool's directory: ", implode(', ', array_map(fn($n) => preg_replace('/^bench\.\d+T\d+Z\.\d+\.\d+\./', '', $n),
    array_keys($files))), "; elsewhere: ", count($stolen), "\n";
echo "crashed: ", fpm_crashed($log) ? 'yes' : 'no', "\n";
// The wrong secret: in php-fpm's log for the operator, in no response.
echo "refused trigger logged: ", str_contains($log, "bench: a request's BENCH_TRIGGER is not bench.trigger_secret") ? 'yes' : 'no', "\n";

$fpm = fpm_start('<?php echo "served\n";', ['bench.mode' => 'profile', 'bench.output_dir' => '/nonexistent/bench-profiles',
    'display_errors' => '1', 'html_errors' => '0'], 1);
// What the client gets is FastCGI's stdout; its stderr goes to the web server's error log.
$request = function (string $query) use ($fpm): array {
    $proc = proc_open('env ' . fpm_env($fpm, $query) . ' cgi-fcgi -bind -connect ' . escapeshellarg("{$fpm['dir']}/fpm.sock"),
        [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $out = [stream_get_contents($pipes[1]), stream_get_contents($pipes[2])];
    proc_close($proc);
    return $out;
};
[$first, $first_log] = $request('first');
usleep(300000);
[$second, $second_log] = $request('second');
[$files, $log] = fpm_stop($fpm);
// The writer thread fails after the first response: the second says it. A thread-safe PHP writes in the request
// (src/dump/dump.c), whose own response says it.
[$says, $says_log] = PHP_ZTS ? [$first, $first_log] : [$second, $second_log];
echo "the response that says it: ", str_contains($says, "\nWarning: bench: a profile could not be written, see the error log\n")
    && str_contains($says, "served\n") ? 'served, and a profile could not be written, see the error log' : $says, "\n";
echo "a path or pid in the responses: ", preg_match('~/nonexistent|bench\.\d{8}T~', $first . $second) ? 'yes' : 'no', "\n";
echo "the web server's and php-fpm's error logs name the path: ", str_contains($says_log, '/nonexistent/bench-profiles/bench.')
    && str_contains($log, '/nonexistent/bench-profiles/bench.') ? 'yes' : 'no', "\n";
?>
--EXPECT--
no trigger: bench.start=trigger bench.trigger_secret=s3cret bench.output_dir=profiles bench.output_max_mb=1 bench.output_format=folded bench.max_nodes=100000 bench.max_depth=10 bench.count_allocs=0 bench.report=auto bench.native_stacks=0 bench.alloc_sample_bytes=4194304 bench.trace_min_us=100 bench.trace_max_events=5000
  warned of: bench.max_nodes=100000000
a wrong secret: bench.start=trigger bench.trigger_secret=s3cret bench.output_dir=profiles bench.output_max_mb=1 bench.output_format=folded bench.max_nodes=100000 bench.max_depth=10 bench.count_allocs=0 bench.report=auto bench.native_stacks=0 bench.alloc_sample_bytes=4194304 bench.trace_min_us=100 bench.trace_max_events=5000
  warned of: nothing
the secret: bench.start=trigger bench.trigger_secret=s3cret bench.output_dir=profiles bench.output_max_mb=1 bench.output_format=folded bench.max_nodes=100000 bench.max_depth=10 bench.count_allocs=0 bench.report=auto bench.native_stacks=0 bench.alloc_sample_bytes=4194304 bench.trace_min_us=100 bench.trace_max_events=5000
  warned of: nothing
profiles in the pool's directory: wall_ns.folded; elsewhere: 0
crashed: no
refused trigger logged: yes
the response that says it: served, and a profile could not be written, see the error log
a path or pid in the responses: no
the web server's and php-fpm's error logs name the path: yes
