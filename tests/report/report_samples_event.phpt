--TEST--
A sample-mode callgrind file's samples event, crafted: a negative count is refused with the line, a file with no event but samples is named as such, markup in names is escaped in the HTML report
--SKIPIF--
<?php require __DIR__ . '/report.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/report.inc';
$dir = report_dir();
$head = "# callgrind format\nversion: 1\ncreator: bench 0.1.0\ndesc: Sampled: 5 samples every 1000 us of wall time\npositions: line\n";
file_put_contents("$dir/negative.callgrind", $head . "events: wall_ns samples\nsummary: 5 5\n\nfl=(1) x.php\nfn=(1) <script>a</script>\n1 5 -7\n\ntotals: 5 5\n");
file_put_contents("$dir/only.callgrind", $head . "events: samples\nsummary: 1\n\nfn=a\n1 1\n\ntotals: 1\n");
file_put_contents("$dir/named.callgrind", $head . "events: wall_ns samples\nsummary: 5 5\n\nfl=(1) x.php\nfn=(1) <script>a</script>\n1 5 5\n\ntotals: 5 5\n");
foreach (['negative', 'only'] as $name) {
    [, $err, $status] = report_run(['top', "$dir/$name.callgrind", '--strict']);
    echo "$name: status $status, ", trim(str_replace($dir, 'DIR', explode("\n", $err)[0])), "\n";
}
$rows = report_top(["$dir/named.callgrind", '--by=samples']);
echo "samples of the function: ", $rows['<script>a</script>'][2] ?? json_encode($rows), "\n";
report_out(['html', "$dir/named.callgrind", '-o', "$dir/named.html", '--quiet']);
echo "markup in the HTML report: ", str_contains((string) file_get_contents("$dir/named.html"), '<script>a</script>') ? 'raw' : 'escaped', "\n";
?>
--EXPECT--
negative: status 1, bench: DIR/negative.callgrind: line 11: a negative count of samples (--strict)
only: status 1, bench: DIR/only.callgrind: no event but samples: no cost to show (--strict)
samples of the function: 5
markup in the HTML report: escaped
