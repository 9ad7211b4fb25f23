--TEST--
The HTML report of the reference apps at first glance, in headless Chromium at 1280×800: no horizontal scrolling, the table sorted by own cost, short names (the full one on hover), frame labels cut after namespaces are left out, one search, the line view's note on per-line time in profile mode, "own samples" for sampled profiles, a request's own flame graph from its row and an endpoint's median request, and a differential graph's note wrapped inside its width
--SKIPIF--
<?php
if (getenv('SKIP_PERF_SENSITIVE')) die('skip bin/bench\'s PHP under valgrind: report_fuzz and zstd_decompress check bench.so\'s part');
require __DIR__ . '/report.inc';
require __DIR__ . '/../../benchmarks/lib/cdp.php';
sample_mode_skip();
cdp_skip();
?>
--FILE--
<?php
require __DIR__ . '/report.inc';
require __DIR__ . '/../../benchmarks/lib/cdp.php';
$dir = report_dir();
$apps = '<?php $argv = [0, 20]; require ' . var_export(realpath(__DIR__ . '/../../benchmarks/workloads/apps.php'), true) . ';';
foreach ([1, 2, 3] as $i) {
    report_profile("bench.apps$i.json", $apps);
}
report_profile('bench.sampled.json', $apps, ['bench.mode' => 'sample', 'bench.sample_interval_us' => '1000', 'bench.count_ops' => '0']);
echo report_out(['html', "$dir/bench.apps*.json", '-o', "$dir/apps.html", '--quiet', '--source-root=' . realpath(__DIR__ . '/../../benchmarks')]);
echo report_out(['html', "$dir/bench.sampled.json", '-o', "$dir/sampled.html", '--quiet']);
echo report_out(['diff', "$dir/bench.apps1.json", "$dir/bench.apps2.json", "$dir/bench.apps3.json", '--', "$dir/bench.apps3.json",
    '-o', "$dir/diff.svg", '--quiet', '--title', str_repeat('A title long enough to be wrapped, ', 3)]);
$shots = getenv('BENCH_SCREENSHOTS') ?: null;

$chromium = new Cdp();
$chromium->viewport(1280, 800);
$chromium->open("file://$dir/apps.html");
$shots && $chromium->screenshot("$shots/report.png");
echo "page wider than the window: ", $chromium->evaluate('document.documentElement.scrollWidth > innerWidth') ? 'yes' : 'no',
    "; a table scrolls sideways: ", $chromium->evaluate('Array.from(document.querySelectorAll(".scroll")).some(s => s.scrollWidth > s.clientWidth)') ? 'yes' : 'no',
    "; flame graph as wide as its section: ", $chromium->evaluate('Math.abs(document.querySelector(".flame:not(.hidden) svg").getBoundingClientRect().width - document.getElementById("flames").getBoundingClientRect().width) < 2') ? 'yes' : 'no', "\n";
$col = $chromium->evaluate('document.querySelector("#function-table th.desc").getAttribute("data-col")');
echo "sorted by: ", $chromium->evaluate('document.querySelector("#function-table th.desc").title'), ", descending: ",
    $chromium->evaluate("(v => v.every((x, i) => i === 0 || v[i - 1] >= x))(Array.from(document.querySelectorAll('#function-table tbody tr')).map(r => +r.children[$col].getAttribute('data-v')))") ? 'yes' : 'no',
    "; {main}'s row: ", $chromium->evaluate("Array.from(document.querySelectorAll('#function-table tbody tr')).findIndex(r => r.children[0].textContent === '{main}') + 1"), "\n";
echo "names with a namespace in the table: ", $chromium->evaluate('Array.from(document.querySelectorAll("#function-table td.name")).filter(td => td.textContent.includes("\\\\")).length'),
    "; of their tooltips: ", $chromium->evaluate('Array.from(document.querySelectorAll("#function-table td.name")).filter(td => td.title.startsWith("BenchApps\\\\")).length > 10') ? 'many' : 'few',
    "; e.g. ", $chromium->evaluate('(td => td.textContent + " is " + td.title.split("\n")[0])(Array.from(document.querySelectorAll("#function-table td.name")).find(td => td.title.startsWith("BenchApps\\\\Http\\\\Router::match")))'), "\n";
$labels = 'Array.from(document.querySelectorAll(".flame:not(.hidden) g.f text")).map(t => t.textContent).filter(t => t)';
echo "frame labels cut inside a namespace: ", $chromium->evaluate("$labels.filter(t => t.includes('\\\\') && t.endsWith('..')).length"),
    " of ", $chromium->evaluate("$labels.length > 10") ? 'many' : 'few', "\n";
echo "search controls shown: ", $chromium->evaluate('Array.from(document.querySelectorAll("input[type=search], .bench-flame .search")).filter(e => e.getBoundingClientRect().width > 0).length'), "\n";
$chromium->type('#search', 'Router::');
echo "searched Router:: rows: ", $chromium->evaluate('Array.from(document.querySelectorAll("#function-table tbody tr:not(.hidden)")).every(r => r.children[0].title.includes("Router::"))') ? 'all match' : 'not all match', ", ",
    $chromium->evaluate('document.querySelectorAll("#function-table tbody tr:not(.hidden)").length < document.querySelectorAll("#function-table tbody tr").length') ? 'fewer than all' : 'all', "\n";
$chromium->evaluate('(r => r.id = "router-row")(Array.from(document.querySelectorAll("#function-table tbody tr:not(.hidden)")).find(r => r.classList.contains("user"))); 1');
$chromium->click('#router-row td.name');
echo "its frame in view: ", $chromium->evaluate("(r => r.top >= 0 && r.bottom <= innerHeight)(document.querySelector('.flame:not(.hidden) g.f.match').getBoundingClientRect())") ? 'yes' : 'no', "\n";
$shots && $chromium->screenshot("$shots/report-search.png");
$chromium->evaluate('document.getElementById("source-view").scrollIntoView(); 1');
$shots && $chromium->screenshot("$shots/report-lines.png");
echo "line view: ", $chromium->evaluate('document.getElementById("source-note").textContent'),
    "; page wider than the window: ", $chromium->evaluate('document.documentElement.scrollWidth > innerWidth') ? 'yes' : 'no', "\n";
$js = fn(string $e) => $chromium->evaluate($e);
$js('(s => { s.value = "flame-allocs"; s.dispatchEvent(new Event("change")); })(document.getElementById("counter")); 1');
$chromium->click('#requests tr[data-request]');
$shots && $chromium->screenshot("$shots/report-request.png");
echo "slowest request opened: ", $js('benchReport.request().frames[0].name'), ", its allocations ", $js('benchReport.request().total'), " as in its row: ",
    $js('benchReport.request().total === +document.querySelector("#requests tr[data-request]").children[6].getAttribute("data-v")') ? 'yes' : 'no',
    ", in view: ", $js('(r => r.top >= 0 && r.top < innerHeight)(document.getElementById("request-view").getBoundingClientRect())') ? 'yes' : 'no', "\n";
$chromium->click('#endpoints tr[data-request]');
// Each run has a script of its own, so an endpoint of its own: the costliest endpoint's median request is the slowest.
echo "the first endpoint's median request: ", $js('document.getElementById("request-flame").querySelector("text.legend").textContent.split(",")[0]') === $js('document.querySelectorAll("#requests table")[0].tBodies[0].rows[0].lastChild.textContent') ? 'the slowest' : 'another', "\n";
echo "console: ", $chromium->errors ? implode("\n", $chromium->errors) : 'no error', "\n";

$chromium->open("file://$dir/sampled.html");
echo "sampled: ", $chromium->evaluate('document.querySelectorAll("#function-table th")[1].textContent'), "\n";
$chromium->open("file://$dir/diff.svg");
$shots && $chromium->screenshot("$shots/diff.png");
echo "diff note lines: ", $chromium->evaluate('document.querySelectorAll("text.note").length'), ", inside the graph: ",
    $chromium->evaluate('Array.from(document.querySelectorAll("text.note")).every(t => (b => b.x >= 0 && b.x + b.width <= 1200)(t.getBBox()))') ? 'yes' : 'no', "\n";
echo "console: ", $chromium->errors ? implode("\n", $chromium->errors) : 'no error', "\n";
?>
--EXPECTF--
page wider than the window: no; a table scrolls sideways: no; flame graph as wide as its section: yes
sorted by: wall_ns own, descending: yes; {main}'s row: %d
names with a namespace in the table: 0; of their tooltips: many; e.g. Router::match is BenchApps\Http\Router::match
frame labels cut inside a namespace: 0 of many
search controls shown: 1
searched Router:: rows: all match, fewer than all
its frame in view: yes
line view: Profile mode times whole calls, not lines: a line shows the calls made there. Time per line needs sample mode (bench.mode=sample).; page wider than the window: no
slowest request opened: {request}, its allocations %d as in its row: yes, in view: yes
the first endpoint's median request: the slowest
console: no error
sampled: own samples
diff note lines: %d, inside the graph: yes
console: no error
