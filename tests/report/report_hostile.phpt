--TEST--
Crafted profiles of a few kilobytes that hung bin/bench, took it past any memory or broke it (issue 36): deep trees and stacks in linear time, a diamond call graph's estimate stopped with a note, line numbers near PHP_INT_MAX and 20,000 counters refused with a reason, sampling intervals past int64 ignored, merges to pprof and folded that would spell out billions of frames refused, flame graphs cut at 1,024 levels, a protobuf bomb skipped while the good profile beside it is reported, sums past int64 refused, a cut callgrind file called truncated, a closed stdout ending the command quietly, an -o whose name says another format refused
--SKIPIF--
<?php
if (getenv('SKIP_PERF_SENSITIVE')) die('skip bin/bench\'s PHP under valgrind: the time limits are for a plain run');
require __DIR__ . '/report.inc';
profile_skip();
if (trim((string) shell_exec('command -v timeout')) === '') die('skip no timeout command');
?>
--FILE--
<?php
require __DIR__ . '/report.inc';
require __DIR__ . '/hostile.inc';
use Bench\Report as R;

$dir = report_dir();

/**
 * One command under a wall-time limit of 30 s, far above what it takes
 * (under 3 s each on a loaded VM; an earlier bin/bench took 20 s to hours):
 * its exit status, what it said on stderr, and the lines of stdout that
 * $pick matches.
 */
function run(string $what, array $args, ?string $pick = null): string
{
    global $dir;
    [$out, $err, $status] = hostile_run($args, 30);
    $m = [[]];
    $pick && preg_match_all($pick, $out, $m);
    // A bad command line: its reason, not the usage after it.
    $err = trim(str_replace($dir, 'DIR', $status === 2 ? strtok($err, "\n") : $err));
    return "$what: exit " . ($status === 124 ? 'killed after 30 s' : $status) . ($err === '' ? '' : "\n  $err")
        . ($m[0] ? "\n  " . implode("\n  ", array_map('trim', $m[0])) : '') . "\n";
}

echo "== deep and wide\n";
file_put_contents("$dir/deep.json", hostile_deep_json(100_000));
echo run('a 100,000-deep JSON tree, top', ['top', "$dir/deep.json", '--sort=calls', '--limit=1'], '/^.* f$/m');
echo run('the same, html', ['html', "$dir/deep.json", '-o', "$dir/deep.html", '--quiet']);
// Its stacks whole would be 5 billion frames: flame graphs stop at 1,024 levels, and pprof and folded refuse with the reason.
echo run('the same, flame', ['flame', "$dir/deep.json", '-o', "$dir/deep.svg", '--quiet']);
preg_match('/\(1 stack drawn only to 1,024 frames deep\)/', (string) @file_get_contents("$dir/deep.svg"), $m);
printf("  note: %s, %s frames drawn\n", $m[0] ?? 'none', number_format(substr_count((string) @file_get_contents("$dir/deep.svg"), '<g class="f ')));
foreach (['pb.gz', 'folded'] as $ext) {
    echo run("the same, merge -o .$ext", ['merge', "$dir/deep.json", '-o', "$dir/deep-merged.$ext"]);
}
file_put_contents("$dir/deep-2000.json", hostile_deep_json(2000));
echo run('a 2,000-deep tree, merge -o .folded', ['merge', "$dir/deep-2000.json", '-o', "$dir/deep-2000.folded", '--quiet']);
printf("  %s lines, the last %s frames deep ({request} and 2,000 calls)\n", number_format(count(file("$dir/deep-2000.folded"))),
    number_format(substr_count((string) array_slice(file("$dir/deep-2000.folded"), -1)[0], ';') + 1));
file_put_contents("$dir/deep.pb", hostile_pprof(['main', 'f'], [[array_merge(array_fill(0, 60_000, 1), [0]), 1, 1000]]));
echo run('a pprof sample of 60,000 frames, top', ['top', "$dir/deep.pb", '--limit=2'], '/^.* (main|f)$/m');
// Only the leaf has a cost: the pprof writer once looked up every node's labels with a walk to its root (12 s for 100,000 frames).
[, , $status, $seconds] = hostile_run(['merge', "$dir/deep.pb", '-o', "$dir/deep-merged.pb.gz", '--quiet']);
printf("the same, merge -o .pb.gz: exit %d, under 3 s: %s\n", $status, $seconds < 3 ? 'yes' : sprintf('no (%.1f s)', $seconds));
$wide = [];
for ($i = 0; $i < 50_000; $i++) {
    $wide[] = [0, 1 + $i % 2, 1, 1];
}
file_put_contents("$dir/wide.json", hostile_json(['{request}', 'a', 'b'], array_merge([[-1, 0, 1, 0]], $wide)));
echo run('50,000 children of one node, top', ['top', "$dir/wide.json", '--limit=2'], '/^.* (a|b)$/m');

echo "== the path estimate of a diamond call graph (2^16 paths from 3 KB)\n";
file_put_contents("$dir/diamond.callgrind", hostile_diamond_callgrind(16));
echo run('flame', ['flame', "$dir/diamond.callgrind", '-o', "$dir/diamond.svg", '--quiet']);
preg_match('/\(the estimate stopped at [^)]*\)/', (string) @file_get_contents("$dir/diamond.svg"), $m);
echo '  note: ', $m[0] ?? 'none', "\n";
echo run('html', ['html', "$dir/diamond.callgrind", '-o', "$dir/diamond.html", '--quiet']);

echo "== line numbers near PHP_INT_MAX\n";
file_put_contents("$dir/line.pb", hostile_pprof(['main', 'f'], [[[1, 0], 1, 1000]], PHP_INT_MAX - 1));
echo run('pprof Line.line, lines', ['lines', "$dir/line.pb"]);
file_put_contents("$dir/line.callgrind", "events: wall_ns\nfl=/a.php\nfn=f\n" . (PHP_INT_MAX - 1) . " 5\ntotals: 5\n");
echo run('callgrind, html', ['html', "$dir/line.callgrind", '-o', "$dir/line.html"]);
file_put_contents("$dir/line.json", json_encode(['bench' => 'test', 'format_version' => 1, 'mode' => 'profile', 'counters' => ['ops'],
    'functions' => [['name' => '{request}', 'file' => '', 'line' => 0], ['name' => 'f', 'file' => '/a.php', 'line' => 1, 'line_ops' => [[PHP_INT_MAX, 3]]]],
    'tree' => [['parent' => -1, 'function' => 0, 'calls' => 1, 'own' => ['ops' => 0]], ['parent' => 0, 'function' => 1, 'calls' => 1, 'own' => ['ops' => 3]]]]));
echo run('JSON line_ops, lines', ['lines', "$dir/line.json"]);

echo "== sampling intervals past int64 once in nanoseconds\n";
file_put_contents("$dir/interval.callgrind", "events: wall_ns\ndesc: Sampled: 1 samples every 99999999999999999 us of wall time\nfl=/a.php\nfn=f\n1 5\ntotals: 5\n");
echo run('callgrind desc:, top', ['top', "$dir/interval.callgrind"], '/^.* f .*$/m');
file_put_contents("$dir/interval.json", hostile_json(['{request}', 'f'], [[-1, 0, 1, 0], [0, 1, 1, 7]], ['mode' => 'sample', 'interval_us' => PHP_INT_MAX]));
echo run('JSON interval_us, merge -o .pb.gz', ['merge', "$dir/interval.json", '-o', "$dir/interval.pb.gz", '--quiet']);

echo "== 20,000 counters in 160 KB\n";
$events = implode(' ', array_map(fn($i) => "e$i", range(1, 20_000)));
file_put_contents("$dir/events.callgrind", "events: $events\nfn=f\n1 " . implode(' ', array_fill(0, 20_000, 1)) . "\ntotals: 1\n");
echo run('html', ['html', "$dir/events.callgrind", '-o', "$dir/events.html"]);

echo "== a protobuf bomb beside a good profile\n";
mkdir("$dir/pool");
// Empty strings of the string table, two bytes each: a 60 KB file that is 30 million strings.
$gz = deflate_init(ZLIB_ENCODING_GZIP, ['level' => 9]);
$bomb = '';
for ($i = 0; $i < 30; $i++) {
    $bomb .= deflate_add($gz, str_repeat("\x32\x00", 1 << 20), $i < 29 ? ZLIB_NO_FLUSH : ZLIB_FINISH);
}
file_put_contents("$dir/pool/bench.1.bomb.pb.gz", $bomb);
file_put_contents("$dir/pool/bench.2.good.json", hostile_json(['{request}', 'good'], [[-1, 0, 1, 0], [0, 1, 1, 7]]));
printf("  the bomb: %s KB\n", number_format(filesize("$dir/pool/bench.1.bomb.pb.gz") >> 10));
// --max-size above the bomb's 60 MiB: the guards behind it are what this tests.
echo run('top of the directory', ['top', "$dir/pool", '--max-size=128M'], '/^.* good$/m');
// Empty samples: each a span of the file that the reader keeps, until the memory guard skips the file.
unlink("$dir/pool/bench.1.bomb.pb.gz");
$gz = deflate_init(ZLIB_ENCODING_GZIP, ['level' => 9]);
$bomb = '';
for ($i = 0; $i < 30; $i++) {
    $bomb .= deflate_add($gz, str_repeat("\x12\x00", 1 << 20), $i < 29 ? ZLIB_NO_FLUSH : ZLIB_FINISH);
}
file_put_contents("$dir/pool/bench.1.samples.pb.gz", $bomb);
echo run('the same with 30 million empty samples, --max-memory=256M', ['top', "$dir/pool", '--max-memory=256M', '--max-size=128M'], '/^.* good$/m');

echo "== decompression bombs of valid lines, 31 MiB in 60 KB or less\n";
$bomb = function (string $file, string $head, string $unit, int $mib) {
    $gz = deflate_init(ZLIB_ENCODING_GZIP, ['level' => 9]);
    $chunk = str_repeat($unit, intdiv(1 << 20, strlen($unit)));
    $out = deflate_add($gz, $head, ZLIB_NO_FLUSH);
    for ($i = 0; $i < $mib; $i++) {
        $out .= deflate_add($gz, $chunk, $i < $mib - 1 ? ZLIB_NO_FLUSH : ZLIB_FINISH);
    }
    file_put_contents($file, $out);
};
$bomb("$dir/bomb.callgrind.gz", "events: wall_ns\nfn=f\n", "1 1\n", 31);
$bomb("$dir/bomb.wall_ns.folded.gz", '', "{request};main;f 1\n", 31);
$bomb("$dir/big.wall_ns.folded.gz", '', "{request};main;f 1\n", 40);
printf("  sizes: %s KB\n", implode(', ', array_map(fn($f) => number_format(filesize("$dir/$f") >> 10),
    ['bomb.callgrind.gz', 'bomb.wall_ns.folded.gz', 'big.wall_ns.folded.gz'])));
echo run('8 million callgrind cost lines, html', ['html', "$dir/bomb.callgrind.gz", '-o', "$dir/bomb.html"]);
echo run('1.7 million folded lines, top', ['top', "$dir/bomb.wall_ns.folded.gz"], '/^.* f$/m');
echo run('40 MiB of them, top', ['top', "$dir/big.wall_ns.folded.gz"]);

echo "== names that fnmatch() takes not (a NUL byte, over 4,096 bytes)\n";
$long = 'f' . str_repeat('x', 5000);
file_put_contents("$dir/names.json", hostile_json(['{request}', "nul\0name", $long], [[-1, 0, 1, 0], [0, 1, 1, 5], [0, 2, 1, 7]],
    ['request' => ['method' => 'GET', 'uri' => "/a\0b"], 'command' => "/a\0b"]));
file_put_contents("$dir/names.pb", hostile_pprof(['main', "nul\0name", $long], [[[1, 0], 1, 5], [[2, 0], 1, 7]], 3));
echo run('lines --function=*', ['lines', "$dir/names.pb", '--function=*', '--no-source'], '/^\S.*(nul|fxx).{0,20}/m');
echo run('top --uri=/a* --endpoint=*', ['top', "$dir/names.json", '--uri=/a*', '--endpoint=*'], '/^\d+ profile/m');

echo "== sums past int64\n";
file_put_contents("$dir/a.wall_ns.folded", 'main;f ' . PHP_INT_MAX . "\n");
file_put_contents("$dir/b.wall_ns.folded", 'main;f ' . PHP_INT_MAX . "\n");
foreach (['pb.gz', 'json', 'callgrind', 'folded'] as $ext) {
    echo run("merge -o .$ext", ['merge', "$dir/a.wall_ns.folded", "$dir/b.wall_ns.folded", '-o', "$dir/sum.$ext"]);
}
echo run('top (its views are summed in bench.so too)', ['top', "$dir/a.wall_ns.folded", "$dir/b.wall_ns.folded"]);

echo "== a cut callgrind file\n";
$whole = "# callgrind format\nversion: 1\ncreator: bench\npositions: line\nevents: wall_ns\nsummary: 30\n\nfl=/a.php\nfn=main\n1 10\ncfn=f\ncalls=1 1\n2 20\n\nfn=f\n1 20\n\ntotals: 30\n";
file_put_contents("$dir/whole.callgrind", $whole);
file_put_contents("$dir/cut.callgrind", substr($whole, 0, strpos($whole, "\nfn=f") + 1));
file_put_contents("$dir/cut-line.callgrind", substr($whole, 0, strpos($whole, "\nfn=f\n1 20") + 9));
echo run('whole', ['top', "$dir/whole.callgrind"], '/^.* main .*$/m');
echo run('cut between functions', ['top', "$dir/cut.callgrind"]);
echo run('cut in a line', ['top', "$dir/cut-line.callgrind"]);

echo "== stdout closed by its reader\n";
$lines = '';
for ($i = 0; $i < 5000; $i++) {
    $lines .= "main;function_number_$i " . ($i + 1) . "\n";
}
file_put_contents("$dir/many.wall_ns.folded", $lines);
foreach ([1, 2, 3] as $try) {
    $proc = proc_open([PHP_BINARY, '-n', '-d', 'extension=' . getenv('BENCH_SO'), REPORT_BENCH, 'top', "$dir/many.wall_ns.folded", '--limit=5000'], [1 => ['pipe', 'w'], 2 => ['pipe', 'w']], $pipes);
    $first = fgets($pipes[1]);
    fclose($pipes[1]);
    $err = stream_get_contents($pipes[2]);
    printf("try %d: first line %s, exit %d, stderr %s\n", $try, str_starts_with($first, '1 profile') ? 'read' : json_encode($first), proc_close($proc),
        $err === '' ? 'empty' : json_encode($err));
}

echo "== -o names another format\n";
echo run('flame -o .png', ['flame', "$dir/whole.callgrind", '-o', "$dir/flame.png"]);
echo run('html -o .svg', ['html', "$dir/whole.callgrind", '-o', "$dir/report.svg"]);
echo 'written: ', implode(', ', array_map('basename', glob("$dir/{flame.png,report.svg}", GLOB_BRACE))) ?: 'nothing', "\n";
?>
--EXPECTF--
== deep and wide
a 100,000-deep JSON tree, top: exit 0
  100 µs  100.00%     100 µs  100.00%  100,000  f
the same, html: exit 0
the same, flame: exit 0
  note: (1 stack drawn only to 1,024 frames deep), 1,024 frames drawn
the same, merge -o .pb.gz: exit 1
  bench: pprof writes each call's whole stack: this tree's stacks (%s calls deep at node %s) take more than 64 MiB, a sixteenth of --max-memory: merge to .callgrind or .json, which hold each call once, or raise --max-memory
the same, merge -o .folded: exit 1
  bench: folded writes each call's whole stack: this tree's stacks (%s calls deep at node %s) take more than 64 MiB, a sixteenth of --max-memory: merge to .callgrind or .json, which hold each call once, or raise --max-memory
a 2,000-deep tree, merge -o .folded: exit 0
  2,000 lines, the last 2,001 frames deep ({request} and 2,000 calls)
a pprof sample of 60,000 frames, top: exit 0
  1.00 µs  100.00%    1.00 µs  100.00%        1  f
  0 ns    0.00%    1.00 µs  100.00%        0  main
the same, merge -o .pb.gz: exit 0, under 3 s: yes
50,000 children of one node, top: exit 0
  25.0 µs  50.00%    25.0 µs  50.00%  25,000  a
  25.0 µs  50.00%    25.0 µs  50.00%  25,000  b
== the path estimate of a diamond call graph (2^16 paths from 3 KB)
flame: exit 0
  note: (the estimate stopped at 50,000 paths: 9 calls stay with their callers)
html: exit 0
== line numbers near PHP_INT_MAX
pprof Line.line, lines: exit 1
  bench: skipped DIR/line.pb: not a valid pprof profile: location 1's line is 9223372036854775806, outside 0 to 16,777,215
bench: none of the 1 file gave a profile
callgrind, html: exit 1
  bench: skipped DIR/line.callgrind: line 4: position "9223372036854775806" is not a line
bench: none of the 1 file gave a profile
JSON line_ops, lines: exit 1
  bench: skipped DIR/line.json: a line is 9223372036854775807, outside 0 to 16,777,215
bench: none of the 1 file gave a profile
== sampling intervals past int64 once in nanoseconds
callgrind desc:, top: exit 0
  5 ns  100.00%       5 ns  100.00%        0  f  a.php:1
JSON interval_us, merge -o .pb.gz: exit 0
== 20,000 counters in 160 KB
html: exit 1
  bench: skipped DIR/events.callgrind: more than 64 counters (bench writes fewer than 30)
bench: none of the 1 file gave a profile
== a protobuf bomb beside a good profile
  the bomb: 59 KB
top of the directory: exit 0
  bench: skipped DIR/pool/bench.1.bomb.pb.gz: not a valid pprof profile: more than 4,194,304 strings
  7 ns  100.00%       7 ns  100.00%      1  good
the same with 30 million empty samples, --max-memory=256M: exit 0
  bench: skipped DIR/pool/bench.1.samples.pb.gz: not a valid pprof profile: reading it takes more than %d MiB of memory, 25% of what --max-memory leaves
  7 ns  100.00%       7 ns  100.00%      1  good
== decompression bombs of valid lines, 31 MiB in 60 KB or less
  sizes: %s KB
8 million callgrind cost lines, html: exit 1
  bench: skipped DIR/bomb.callgrind.gz: more than 2,097,152 lines, which no profile of bench's has
bench: none of the 1 file gave a profile
1.7 million folded lines, top: exit 0
  %s  100.00%s  f
40 MiB of them, top: exit 1
  bench: skipped DIR/big.wall_ns.folded.gz: more than --max-size (33,554,432 bytes) once decompressed
bench: none of the 1 file gave a profile
== names that fnmatch() takes not (a NUL byte, over 4,096 bytes)
lines --function=*: exit 0
top --uri=/a* --endpoint=*: exit 0
  1 profile
== sums past int64
merge -o .pb.gz: exit 1
  bench: a merged count or cost passes 9,223,372,036,854,775,807, the largest 64-bit integer: merge fewer profiles
merge -o .json: exit 1
  bench: a merged count or cost passes 9,223,372,036,854,775,807, the largest 64-bit integer: merge fewer profiles
merge -o .callgrind: exit 1
  bench: a merged count or cost passes 9,223,372,036,854,775,807, the largest 64-bit integer: merge fewer profiles
merge -o .folded: exit 1
  bench: a merged count or cost passes 9,223,372,036,854,775,807, the largest 64-bit integer: merge fewer profiles
top (its views are summed in bench.so too): exit 1
  bench: a count or cost summed over these profiles passes 9,223,372,036,854,775,807, the largest 64-bit integer: read fewer profiles
== a cut callgrind file
whole: exit 0
  10 ns  33.33%      30 ns  100.00%      0  main  a.php:1
cut between functions: exit 1
  bench: skipped DIR/cut.callgrind: truncated: it has "summary:" and no "totals:" line at its end
bench: none of the 1 file gave a profile
cut in a line: exit 1
  bench: skipped DIR/cut-line.callgrind: truncated: it has "summary:" and no "totals:" line at its end
bench: none of the 1 file gave a profile
== stdout closed by its reader
try 1: first line read, exit 141, stderr empty
try 2: first line read, exit 141, stderr empty
try 3: first line read, exit 141, stderr empty
== -o names another format
flame -o .png: exit 2
  bench: -o DIR/flame.png: flame writes an SVG (.svg)
html -o .svg: exit 2
  bench: -o DIR/report.svg: html writes HTML (.html)
written: nothing
