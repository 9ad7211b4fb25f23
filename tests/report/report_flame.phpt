--TEST--
bench flame: a well-formed SVG (xmllint) whose frames name the hot functions with their exact counts, as wide as their share; icicle; frames under --min-width coalesced with their exact sum; colours by owner kind; paths from callgrind said to be approximated
--SKIPIF--
<?php
// The report command is PHP code: under valgrind bench.so's part of it (zstd) is checked by report_fuzz and zstd_decompress.
if (getenv('SKIP_PERF_SENSITIVE')) die('skip bin/bench\'s PHP under valgrind: report_fuzz and zstd_decompress check bench.so\'s part');
require __DIR__ . '/report.inc';
profile_skip();
if (trim((string) shell_exec('command -v xmllint')) === '') die('skip xmllint (libxml2-utils) is not installed');
?>
--FILE--
<?php
require __DIR__ . '/report.inc';
$dir = report_dir();
$pb = report_profile('bench.w.pb', REPORT_WORKLOAD, ['bench.owners' => 'user,internal'], 'pprof');
echo report_out(['flame', $pb, '-o', "$dir/f.svg", '--by=allocs', '--quiet']);
echo "xmllint: ", trim(shell_exec('xmllint --noout ' . escapeshellarg("$dir/f.svg") . ' 2>&1 && echo well-formed')), "\n";
$frames = report_svg_frames("$dir/f.svg");
foreach (['leaf', 'str_repeat', 'mid'] as $name) {
    $lines = $frames[$name][0];
    echo "$name: ", implode(' | ', array_merge([$lines[0]], preg_grep('/^(allocs|ops|calls):/', $lines))), "\n";
}
$svg = file_get_contents("$dir/f.svg");
preg_match('~<g class="f request" data-v="(\d+)">.*?<rect x="([\d.]+)" y="(\d+)" width="([\d.]+)"~s', $svg, $root);
preg_match('~<g class="f user" data-v="(\d+)"><title>leaf\n.*?<rect x="([\d.]+)" y="(\d+)" width="([\d.]+)"~s', $svg, $leaf);
printf("{request}: %d allocations, %.2f px wide at y %d; leaf: %d, %s (%d / %d of 1200 px) at y %d\n", $root[1], $root[4], $root[3],
    $leaf[1], abs($leaf[4] - 1200 * $leaf[1] / $root[1]) < 0.01 ? 'its share wide' : "$leaf[4] px wide", $leaf[1], $root[1], $leaf[3]);
printf("kinds: %s\n", implode(', ', array_unique(array_map(fn($m) => $m, preg_match_all('~<g class="f (\w+)" data-v="\d+"><title>(\S+)~', $svg, $m) ? array_map(fn($k, $n) => "$n $k", $m[1], $m[2]) : []))));
printf("script: %s\n", str_contains($svg, 'BenchFlame.standalone(document.documentElement)') ? 'inline' : 'missing');

echo report_out(['flame', $pb, '-o', "$dir/i.svg", '--by=allocs', '--icicle', '--quiet']);
preg_match('~<g class="f request" data-v="\d+">.*?<rect x="[\d.]+" y="(\d+)"~s', file_get_contents("$dir/i.svg"), $top);
echo "icicle: {request} at y $top[1]\n";

// 300 functions of one allocation each beside one of 20,000: each under 0.2 px, drawn as one frame.
$code = "<?php\nfunction big() { for (\$i = 0; \$i < 20000; \$i++) { \$s = str_repeat('x', 100); } }\n";
for ($i = 0; $i < 300; $i++) {
    $code .= "function small$i() { return str_repeat('y', 100); }\n";
}
$code .= "big();\nfor (\$i = 0; \$i < 300; \$i++) { ('small' . \$i)(); }\n";
$many = report_profile('bench.many.pb', $code, [], 'pprof');
echo report_out(['flame', $many, '-o', "$dir/m.svg", '--by=allocs', '--quiet']);
$frames = report_svg_frames("$dir/m.svg");
foreach ($frames as $name => [$lines]) {
    if (str_contains($name, 'frames under')) {
        echo "coalesced: ", implode(' | ', $lines), "\n";
    }
}
printf("frames drawn: %d ({request}, {main}, big, and the coalesced one)\n", array_sum(array_map('count', $frames)));

$callgrind = report_profile('bench.w.callgrind', REPORT_WORKLOAD, [], 'callgrind');
echo report_out(['flame', $callgrind, '-o', "$dir/c.svg", '--by=allocs', '--quiet']);
// The note wraps into lines of the graph's width (none longer than 1,200 px at 7 px a character).
preg_match_all('~<text class="note"[^>]*>([^<]*)</text>~', file_get_contents("$dir/c.svg"), $notes);
preg_match('~Approximated.*~', implode(' ', $notes[1]), $note);
echo "callgrind: ", $note[0] ?? 'no note', "; note lines: ", count($notes[1]), ", ", max(array_map('strlen', $notes[1])) <= 168 ? 'each within 168 characters' : 'one too long', "\n";
printf("pprof: %s\n", str_contains($svg, 'Approximated') ? 'approximated' : 'exact paths, no note');
$frames = report_svg_frames("$dir/c.svg");
echo "callgrind leaf: ", implode(' | ', preg_grep('/^allocs:/', $frames['leaf'][0])), "\n";
?>
--EXPECTF--
xmllint: well-formed
leaf: leaf | allocs: 8 inclusive, %f%; own 0 | ops: %d inclusive, %f%; own %d | calls: 8
str_repeat: str_repeat | allocs: 8 inclusive, %f%; own 8 | ops: 0 inclusive, 0.00%; own 0 | calls: 8
mid: mid | allocs: 12 inclusive, %f%; own 4 | ops: %d inclusive, %f%; own %d | calls: 2
{request}: %d allocations, 1200.00 px wide at y 124; leaf: 8, its share wide (8 / %d of 1200 px) at y 76
kinds: {request} request, {main} user, mid user, leaf user, str_repeat internal
script: inline
icicle: {request} at y 60
coalesced: 300 frames under 0.2 px | allocs: 300 together
frames drawn: 4 ({request}, {main}, big, and the coalesced one)
callgrind: Approximated: 1 of 1 profiles have call edges only (callgrind, JSON before format_version 1): their paths below the first call are estimated; note lines: 2, each within 168 characters
pprof: exact paths, no note
callgrind leaf: allocs: 8 inclusive, %f%; own 8
