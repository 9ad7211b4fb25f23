--TEST--
bench's readers under a seeded mutation loop: every format (callgrind, folded, JSON, pprof, trace; sample mode's JSON and pprof with their time samples, each timeline drawn) and compression (plain, zstd as bench stores it, zstd compressed, gzip), truncated, with bytes flipped, inserted or repeated, numbers made huge, and decompression bombs: each input is read or skipped with a reason, never a PHP error
--SKIPIF--
<?php
require __DIR__ . '/report.inc';
profile_skip();
if (trim((string) shell_exec('command -v zstd')) === '') die('skip the zstd tool is not installed');
?>
--FILE--
<?php
require __DIR__ . '/report.inc';
require __DIR__ . '/../../report/main.php';
use Bench\Report as R;

$dir = report_dir();
$seeds = [];
foreach (['json' => 'json', 'callgrind' => 'callgrind', 'pb' => 'pprof', 'folded' => 'folded'] as $ext => $format) {
    $plain = file_get_contents(report_profile("seed.$ext", REPORT_WORKLOAD, [], $format));
    $stored = file_get_contents(report_profile("seed.$ext.zst", REPORT_WORKLOAD, ['bench.compress' => 'zstd'], $format));
    $seeds["$ext plain"] = $plain;
    $seeds["$ext zstd stored"] = $stored;
    $seeds["$ext zstd compressed"] = shell_exec('zstd -q -19 -c ' . escapeshellarg("$dir/seed.$ext"));
    $seeds["$ext gzip"] = gzencode($plain);
}
// Timelines: a trace, and sample mode's time samples in JSON and pprof.
$spin = '<?php function spin($ms) { for ($t = hrtime(true); hrtime(true) - $t < $ms * 1e6;) {} } function inner() { spin(3); } '
    . 'function outer() { spin(2); inner(); } for ($i = 0; $i < 4; $i++) { outer(); }';
// A thread-safe PHP has no sample mode: there its seeds are profile mode's files, as many.
$sampled = ['bench.mode' => 'sample', 'bench.sample_interval_us' => '500', 'bench.count_ops' => '0'];
foreach (['trace.json' => ['trace', ['bench.trace_min_us' => '1']], 'sampled.json' => ['json', $sampled], 'sampled.pb' => ['pprof', $sampled]] as $ext => [$format, $ini]) {
    $plain = file_get_contents(report_profile("seed.$ext", $format === 'trace' ? REPORT_WORKLOAD : $spin, $ini, $format));
    $seeds["$ext plain"] = $plain;
    $seeds["$ext gzip"] = gzencode($plain);
}
// Decompression bombs: 2 MiB of zeros, read with a limit of 1 MiB.
file_put_contents("$dir/zeros", str_repeat("\0", 2 << 20));
$bombs = ['zstd bomb' => shell_exec('zstd -q -19 -c ' . escapeshellarg("$dir/zeros")), 'gzip bomb' => gzencode(str_repeat("\0", 2 << 20))];

/** A mutation of $bytes, chosen by the seeded generator. */
function mutate(string $bytes): string
{
    $len = strlen($bytes);
    $at = mt_rand(0, max(0, $len - 1));
    switch (mt_rand(0, 5)) {
        case 0: // truncated
            return substr($bytes, 0, mt_rand(0, $len));
        case 1: // bytes flipped
            for ($i = mt_rand(1, 8); $i > 0; $i--) {
                $p = mt_rand(0, $len - 1);
                $bytes[$p] = chr(ord($bytes[$p]) ^ (1 << mt_rand(0, 7)));
            }
            return $bytes;
        case 2: // random bytes inserted
            // From the seeded generator, not random_bytes(): a failure must come back on the next run.
            return substr_replace($bytes, implode('', array_map(fn() => chr(mt_rand(0, 255)), range(1, mt_rand(1, 16)))), $at, 0);
        case 3: // a piece repeated
            return substr_replace($bytes, str_repeat(substr($bytes, $at, mt_rand(1, 64)), mt_rand(2, 50)), $at, 0);
        case 4: // a number made huge, or negative
            return preg_replace('/\d+/', mt_rand(0, 1) ? '99999999999999999999999' : '-7', $bytes, 1, $count) . '';
        default: // a varint-like byte run that says "very long"
            return substr_replace($bytes, "\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", $at, mt_rand(0, 10));
    }
}

$o = R\Options::parse(['bench', 'top', 'x', '--max-size=1M']);
$leaks = [];
set_error_handler(function (int $no, string $message, string $file, int $line) use (&$leaks) {
    $leaks[] = "$message at " . basename($file) . ":$line";
    return true;
});
mt_srand(26);
R\Timeline::$keep = true;
$inputs = $read = $skipped = 0;
$crashes = [];
$reasons = [];
$try = function (string $name, string $bytes) use ($dir, $o, &$inputs, &$read, &$skipped, &$crashes, &$reasons) {
    $inputs++;
    file_put_contents("$dir/input", $bytes);
    clearstatcache(); // one name for every input: its size must not come from PHP's stat cache
    try {
        R\Timeline::$kept = [];
        $p = R\read_profile("$dir/input", $o);
        foreach (R\Timeline::$kept as $t) {
            R\timeline_svg($t, 'fuzz', 1200);
        }
        // What reads it next: the merged model, its views, a flame graph and bench.so's writers as bench merge calls them.
        $m = new R\Model();
        $m->add($p);
        $spec = new R\FlameSpec();
        $spec->counter = R\chosen_counter($m, null);
        R\write_profile($m, 'json', 'fuzz', $spec->counter, 0);
        if ($p->hasPaths()) {
            R\write_profile($m, 'pprof', 'fuzz', $spec->counter, intdiv($o->maxMemory, R\MERGE_STACKS_SHARE));
        }
        R\Views::of($m);
        R\approximate($m);
        R\flame_svg($m, $spec, false);
        $read++;
    } catch (R\ReadError $e) {
        $skipped++;
        $reasons[preg_replace('/\d+/', 'N', $e->getMessage())] = true;
    } catch (Throwable $e) {
        $crashes[] = sprintf('%s: %s: %s at %s:%d', $name, get_class($e), $e->getMessage(), basename($e->getFile()), $e->getLine());
        copy("$dir/input", "$dir/crash-" . count($crashes));
    }
};
foreach ($seeds as $name => $bytes) {
    $try("$name as written", $bytes);
    for ($i = 0; $i < 150; $i++) {
        $try("$name mutation $i", mutate($bytes));
    }
}
foreach ($bombs as $name => $bytes) {
    $try($name, $bytes);
}
$try('over --max-size', str_repeat('x', (1 << 20) + 1));
restore_error_handler();

printf("%d inputs: %s; %d crashes, %d PHP warnings or notices\n", $inputs, $read + $skipped === $inputs ? 'each read or skipped with a reason'
    : 'some lost', count($crashes), count($leaks));
echo implode("\n", array_slice([...$crashes, ...$leaks], 0, 10)), $crashes || $leaks ? "\n" : '';
printf("distinct reasons: more than 20: %s\n", count($reasons) > 20 ? 'yes' : implode("\n", array_keys($reasons)));
foreach (['more than --max-size (1,048,576 bytes) once decompressed', 'zstd data is more than 1048576 bytes once decompressed',
        '1,048,577 bytes, more than --max-size (1,048,576)'] as $reason) {
    printf("%s: %s\n", $reason, isset($reasons[preg_replace('/\d+/', 'N', $reason)]) ? 'seen' : 'not seen');
}

// The command on mutants: exit status 0, each skipped file named, nothing from PHP.
mkdir("$dir/mutants");
foreach ($seeds as $name => $bytes) {
    for ($i = 0; $i < 3; $i++) {
        file_put_contents(sprintf('%s/mutants/bench.%s.%d.%s', $dir, str_replace(' ', '-', $name), $i, explode(' ', $name)[0]), mutate($bytes));
    }
    file_put_contents(sprintf('%s/mutants/bench.%s.ok.%s', $dir, str_replace(' ', '-', $name), explode(' ', $name)[0]), $bytes);
}
[$out, $err, $status] = report_run(['html', "$dir/mutants", '-o', "$dir/mutants.html"]);
$lines = array_filter(explode("\n", $err));
printf("bench html on %d files: exit status %d, %s\n", count(glob("$dir/mutants/*")), $status,
    !preg_grep('/^bench: (skipped [^:]+: .+|report written: .*|skipped \d+ more files)$/', $lines, PREG_GREP_INVERT) ? 'every line of stderr names a skipped file and its reason'
    : implode("\n", $lines));

// bench serve over the mutants: the list, each file opened, all of them merged and diffed against the seeds as written.
$socket = stream_socket_server('tcp://127.0.0.1:0');
$port = (int) substr(strrchr(stream_socket_get_name($socket, false), ':'), 1);
fclose($socket);
$proc = proc_open([PHP_BINARY, '-n', '-d', 'extension=' . getenv('BENCH_SO'), REPORT_BENCH, 'serve', "$dir/mutants", "--listen=127.0.0.1:$port"],
    [1 => ['file', '/dev/null', 'w'], 2 => ['file', "$dir/serve.log", 'w']], $pipes);
for ($i = 0; $i < 100 && !@fsockopen('127.0.0.1', $port); $i++) {
    usleep(100_000);
}
$files = array_map('basename', glob("$dir/mutants/*"));
$query = fn(string $key, array $names) => implode('&', array_map(fn($f) => "$key%5B%5D=" . rawurlencode($f), $names));
$paths = ['/', '/report?' . $query('f', $files), '/diff?' . $query('a', preg_grep('/\.ok\./', $files)) . '&' . $query('b', preg_grep('/\.ok\./', $files, PREG_GREP_INVERT))];
foreach ($files as $f) {
    $paths[] = '/report?' . $query('f', [$f]);
}
$statuses = [];
foreach ($paths as $path) {
    @file_get_contents("http://127.0.0.1:$port$path", false, stream_context_create(['http' => ['ignore_errors' => true, 'timeout' => 60]]));
    $status = (int) explode(' ', $http_response_header[0] ?? 'HTTP/1.0 0')[1];
    $statuses[$status === 200 || ($status >= 400 && $status < 500) ? '200 or 4xx' : "$status at $path"] = true;
}
proc_terminate($proc);
proc_close($proc);
$log = preg_grep('/PHP (Warning|Notice|Fatal|Deprecated)|Uncaught|Segmentation/', file("$dir/serve.log"));
printf("bench serve, %d pages: %s; from PHP in its log: %s\n", count($paths), implode(', ', array_keys($statuses)), $log ? implode('', $log) : 'nothing');
?>
--EXPECT--
3325 inputs: each read or skipped with a reason; 0 crashes, 0 PHP warnings or notices
distinct reasons: more than 20: yes
more than --max-size (1,048,576 bytes) once decompressed: seen
zstd data is more than 1048576 bytes once decompressed: seen
1,048,577 bytes, more than --max-size (1,048,576): seen
bench html on 88 files: exit status 0, every line of stderr names a skipped file and its reason
bench serve, 91 pages: 200 or 4xx; from PHP in its log: nothing
