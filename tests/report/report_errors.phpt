--TEST--
bench's errors: a truncated, corrupted, foreign or empty file is named and skipped with the reason (or fails the command under --strict), never a PHP error; bad command lines; where bench.so is next to the command it runs with it (zstd files read, merges written), and with no bench.so at all every command that reads profiles fails at once with what to load (their views and merge's writers are bench.so's)
--SKIPIF--
<?php
// The report command is PHP code: under valgrind bench.so's part of it (zstd) is checked by report_fuzz and zstd_decompress.
if (getenv('SKIP_PERF_SENSITIVE')) die('skip bin/bench\'s PHP under valgrind: report_fuzz and zstd_decompress check bench.so\'s part');
require __DIR__ . '/report.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/report.inc';
$dir = report_dir();
$json = report_profile('bench.good.json');
$pb = report_profile('bench.good.pb', REPORT_WORKLOAD, [], 'pprof');
$zst = report_profile('bench.good.pb.zst', REPORT_WORKLOAD, ['bench.compress' => 'zstd'], 'pprof');
$cg = report_profile('bench.good.callgrind', REPORT_WORKLOAD, [], 'callgrind');
mkdir("$dir/bad");
$bad = [
    'truncated.json' => substr(file_get_contents($json), 0, 200),
    'truncated.pb' => substr(file_get_contents($pb), 0, 300),
    'truncated.pb.gz' => substr(gzencode(file_get_contents($pb)), 0, 200),
    // Compressed by the zstd tool (bench stores a small profile in its frame as it is).
    'corrupt.pb.zst' => substr_replace(shell_exec('zstd -q -19 -c ' . escapeshellarg($pb)), str_repeat("\xff", 8), 30, 8),
    'foreign.png' => "\x89PNG\r\n\x1a\n" . random_bytes(64),
    'foreign.json' => '{"name": "not a profile"}',
    'notes.txt' => "some notes\nabout nothing\n",
    'empty.folded' => '',
    'bad.callgrind' => "# callgrind format\nevents: wall_ns\nfn=(1) f\n1 abc\n",
    'stack.folded' => "a;b 1\na;c twelve\n",
    'tree.json' => '{"functions": [{"name": "a"}], "tree": [{"parent": 5, "function": 0, "calls": 1, "own": {}}], "counters": []}',
];
foreach ($bad as $name => $bytes) {
    file_put_contents("$dir/bad/$name", $bytes);
}
[$out, $err, $status] = report_run(['top', $json, ...glob("$dir/bad/*"), '--by=allocs', '--limit=1']);
echo explode("\n", $out)[0], "\n", str_replace("$dir/", '', $err), "exit status $status\n";

[$out, $err, $status] = report_run(['top', $json, "$dir/bad/foreign.png", '--strict']);
echo "--strict: ", str_replace("$dir/", '', $err), "exit status $status\n";

echo "== command lines\n";
foreach ([[], ['frobnicate', $json], ['top'], ['top', $json, '--colour'], ['top', $json, '--by=bogus'], ['flame', $json],
        ['merge', $json, '-o', "$dir/out.zst"], ['top', "$dir/nothing-here"], ['top', $json, '--limit=0'], ['diff', $json],
        ['top', $json, '--since=someday']] as $args) {
    [$out, $err, $status] = report_run($args);
    printf("%s: %s (exit status %d)\n", implode(' ', array_map(fn($a) => str_replace("$dir/", '', $a), $args)) ?: '(nothing)',
        str_replace("$dir/", '', explode("\n", trim($err))[0]), $status);
}
[$out, , $status] = report_run(['help']);
printf("help: %s (exit status %d)\n", explode("\n", $out)[0], $status);

echo "== no bench.so\n";
// The command alone, with no bench.so anywhere near: it says what to load before reading anything.
mkdir("$dir/alone");
exec(sprintf('cp -r %s %s %s', escapeshellarg(dirname(REPORT_BENCH)), escapeshellarg(dirname(REPORT_BENCH) . '/../report'), escapeshellarg("$dir/alone")));
// Nor in extension_dir, where make install puts one (the command would dl() it): an empty one of its own.
$proc = proc_open([PHP_BINARY, '-n', '-d', "extension_dir=$dir/alone", "$dir/alone/bin/bench", 'top', $zst, $pb], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
[$out, $err, $status] = [stream_get_contents($pipes[1]), stream_get_contents($pipes[2]), proc_close($proc)];
echo 'top: ', $err, $out, "(exit status $status)\n";
$proc = proc_open([PHP_BINARY, '-n', '-d', "extension_dir=$dir/alone", "$dir/alone/bin/bench", 'merge', $json, '-o', "$dir/alone.json"], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
[$out, $err, $status] = [stream_get_contents($pipes[1]), stream_get_contents($pipes[2]), proc_close($proc)];
echo 'merge: ', $err, "(exit status $status; ", file_exists("$dir/alone.json") ? 'written' : 'nothing written', ")\n";
// With bench.so next to the command (modules/, as a build leaves it): it runs itself again with it.
mkdir("$dir/alone/modules");
symlink(getenv('BENCH_SO'), "$dir/alone/modules/bench.so");
[$out, $err, $status] = report_run(['top', $zst, '--by=allocs', '--raw'], false, "$dir/alone/bin/bench");
echo $err, implode("\n", preg_grep('/ leaf /', explode("\n", $out))), " (exit status $status)\n";
[$out, $err, $status] = report_run(['merge', $json, '-o', "$dir/alone.json", '--quiet'], false, "$dir/alone/bin/bench");
echo 'merge: ', $err, 'functions: ', count(json_decode((string) @file_get_contents("$dir/alone.json"), true)['functions'] ?? []), " (exit status $status)\n";

echo "== progress on stderr, when it is a terminal\n";
// script(1) gives the command a terminal.
$command = sprintf('%s -n -d %s %s top %s %s %s', PHP_BINARY, escapeshellarg('extension=' . getenv('BENCH_SO')), escapeshellarg(REPORT_BENCH),
    escapeshellarg($json), escapeshellarg($pb), escapeshellarg($cg));
$tty = (string) shell_exec('script -qec ' . escapeshellarg("$command >/dev/null") . ' /dev/null');
// "read N of 3" again every 0.1 s, which a busy machine may take between two files; then the line is cleared.
echo "terminal: ", preg_match('/^(\rbench: read [0-2] of 3 files)+\r\033\[K/', $tty, $m) ? json_encode($m[0]) : json_encode($tty), "\n";
[, $err] = report_run(['top', $json, $pb, $cg]);
echo "pipe: ", json_encode($err), "\n";
?>
--EXPECTF--
1 profile (profile mode), %s; by allocations, %d in all; 11 skipped
bench: skipped bad/bad.callgrind: line 4: cost "abc" is not an integer
bench: skipped bad/corrupt.pb.zst: zstd data is corrupt (%s)
bench: skipped bad/empty.folded: empty
bench: skipped bad/foreign.json: JSON without "functions": not a bench profile
bench: skipped bad/foreign.png: not a valid pprof profile: %s
bench: skipped bad/notes.txt: not a profile that bench reads (callgrind, folded, JSON or pprof)
bench: skipped bad/stack.folded: the value of line 2 is not an integer
bench: skipped bad/tree.json: tree[0]'s parent 5 is not a node before it (or -1, the root's)
bench: skipped bad/truncated.json: not valid JSON (%s)
bench: skipped bad/truncated.pb: not a valid pprof profile: %s
bench: skipped bad/truncated.pb.gz: gzip data is truncated
exit status 0
--strict: bench: bad/foreign.png: not a valid pprof profile: %s (--strict)
exit status 1
== command lines
(nothing): usage: bench COMMAND FILES... [OPTIONS] (exit status 2)
frobnicate bench.good.json: bench: unknown command "frobnicate" (exit status 2)
top: bench: top needs profiles: files, directories or globs (exit status 2)
top bench.good.json --colour: bench: unknown option --colour (exit status 2)
top bench.good.json --by=bogus: bench: --by=bogus: these profiles have wall_ns, allocs, alloc_bytes, frees, freed_bytes, ops, calls (exit status 2)
flame bench.good.json: bench: flame needs -o OUT (exit status 2)
merge bench.good.json -o out.zst: bench: -o out.zst: the name says no format (.pb.gz, .pb, .callgrind, .folded or .json, and .gz) (exit status 2)
top nothing-here: bench: nothing-here: no such file (exit status 1)
top bench.good.json --limit=0: bench: --limit=0: an integer, at least 1 (exit status 2)
diff bench.good.json: bench: diff needs two sets: BEFORE -- AFTER (or two arguments, each a file, directory or glob) (exit status 2)
top bench.good.json --since=someday: bench: --since=someday: not a time (e.g. 2024-01-31 12:00, yesterday, -2 hours) (exit status 2)
help: usage: bench COMMAND FILES... [OPTIONS] (exit status 0)
== no bench.so
top: bench: the report takes its views and writers from the bench extension: load bench.so of this version (php -d extension=/path/to/bench.so bin/bench ...), install it in PHP's extension_dir, or build it in this checkout (modules/bench.so)
(exit status 1)
merge: bench: the report takes its views and writers from the bench extension: load bench.so of this version (php -d extension=/path/to/bench.so bin/bench ...), install it in PHP's extension_dir, or build it in this checkout (modules/bench.so)
(exit status 1; nothing written)
%w8 %s 8 %s 8  leaf  script.php:2 (exit status 0)
merge: functions: 4 (exit status 0)
== progress on stderr, when it is a terminal
terminal: "\rbench: read 0 of 3 files%A\r\u001b[K"
pipe: ""
