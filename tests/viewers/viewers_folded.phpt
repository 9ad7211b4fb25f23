--TEST--
Viewers: folded stacks are plain text that flamegraph.pl draws as written, their unit in the file name, closures named by their file relative to the application's root, as in every format; a JSON profile's call tree rebuilds the same stacks, and flamegraph.pl draws those too
--SKIPIF--
<?php require __DIR__ . '/viewers.inc'; profile_skip();
if (!is_file('/usr/share/perl5/Devel/NYTProf/flamegraph.pl')) die('skip flamegraph.pl (libdevel-nytprof-perl) not installed');
if (trim((string) shell_exec('command -v xmllint')) === '') die('skip xmllint (libxml2-utils) not installed'); ?>
--FILE--
<?php
require __DIR__ . '/viewers.inc';
$flamegraph = fn(string $file) => shell_exec('perl /usr/share/perl5/Devel/NYTProf/flamegraph.pl --countname=ns ' . escapeshellarg($file) . ' 2>&1');
// "<title>row (1,234 ns, 5.67%)</title>": the frames the SVG draws, by name.
$drawn = function (string $svg, string $file): string {
    file_put_contents($file, $svg);
    exec('xmllint --noout ' . escapeshellarg($file) . ' 2>&1', $out, $status);
    preg_match_all('~<title>(.*?) \([\d,]+ ns, [\d.]+%\)</title>~', $svg, $m);
    $names = array_unique(array_diff($m[1], ['all']));
    sort($names);
    return ($status === 0 ? 'an SVG' : 'not XML: ' . implode("\n", $out)) . ' of ' . implode(', ', $names);
};

$run = viewers_run(VIEWERS_APP, ['bench.mode' => 'profile', 'bench.output_format' => 'folded', 'bench.report' => '1']);
$name = key($run['files']);
$folded = file_get_contents(current($run['files']));
echo "folded: ", viewers_name($name), "\n";
preg_match('/^open it: (.*)$/m', $run['output'], $open);
echo "report: ", str_replace(current($run['files']), 'FILE', $open[1] ?? $run['output']), "\n";
echo "flamegraph.pl: ", $drawn($flamegraph(current($run['files'])), $run['dir'] . '/folded.svg'), "\n";
$stacks = array_map(fn($line) => substr($line, 0, strrpos($line, ' ')), explode("\n", trim($folded)));
sort($stacks);
viewers_clean($run);

// The same request as JSON: its tree alone gives each path's own cost.
$run = viewers_run(VIEWERS_APP, ['bench.mode' => 'profile', 'bench.output_format' => 'json']);
$profile = profile_decode(file_get_contents(current($run['files'])));
$paths = $lines = [];
foreach ($profile['tree'] as $i => $node) {
    $name = $profile['functions'][$node['function']]['name'];
    $paths[$i] = $node['parent'] < 0 ? $name : $paths[$node['parent']] . ';' . $name;
    $lines[] = $paths[$i] . ' ' . $node['own']['wall_ns'];
}
$rebuilt = str_replace($run['dir'] . '/', '', $paths);
sort($rebuilt);
echo "JSON tree: ", count($profile['tree']), " paths, the folded file's: ", $rebuilt === $stacks ? 'yes' : "no\n" . print_r([$rebuilt, $stacks], true), "\n";
file_put_contents($run['dir'] . '/tree.folded', implode("\n", $lines) . "\n");
echo "flamegraph.pl: ", $drawn($flamegraph($run['dir'] . '/tree.folded'), $run['dir'] . '/tree.svg'), "\n";
viewers_clean($run);
?>
--EXPECTF--
folded: bench.TIME.PID.N.wall_ns.folded
report: flamegraph.pl --countname=ns FILE > flame.svg (or speedscope, bench flame)
flamegraph.pl: an SVG of row, table, {closure}@app.php:4, {main}, {request}
JSON tree: 5 paths, the folded file's: yes
flamegraph.pl: an SVG of row, table, {closure}@app.php:4, {main}, {request}
