--TEST--
The application's endpoint label (bench_label('endpoint', ...)) groups requests in the HTML report's endpoints in place of their URI, and --endpoint selects them in every command; requests without one are grouped by method and URI, ids as {id}; the merged pprof keeps the label
--SKIPIF--
<?php
require __DIR__ . '/report.inc';
profile_skip();
if (report_cgi_binary() === null) die('skip php-cgi not installed');
?>
--FILE--
<?php
require __DIR__ . '/report.inc';
$dir = report_dir();
mkdir("$dir/pool");
$code = <<<'PHP'
<?php
// A router: it names the route it takes.
$path = parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH);
if (preg_match('~^/products/\d+$~', $path)) {
    bench_label('endpoint', 'product.show');
}
echo str_repeat('x', 10);
PHP;
foreach (['/products/1', '/products/22', '/about', '/users/7', '/users/8'] as $i => $uri) {
    report_request("pool/bench.$i.json", 'GET', $uri, $code, ['bench.mode' => 'profile'], 'json');
}
[$out, $err, $status] = report_run(['html', "$dir/pool", '-o', "$dir/report.html"]);
echo "html: exit $status\n";
$html = file_get_contents("$dir/report.html");
preg_match('~<section id="endpoints">.*?</section>~s', $html, $section);
preg_match_all('~<tr[^>]*><td[^>]*>([^<]*)</td><td[^>]*>(\d+)</td>~', $section[0] ?? '', $rows, PREG_SET_ORDER);
$endpoints = [];
foreach ($rows as [, $name, $requests]) {
    $endpoints[] = html_entity_decode($name) . ": $requests";
}
sort($endpoints);
echo "endpoints: ", implode(', ', $endpoints), "\n";
foreach (['product.show', 'GET /users/{id}', 'GET /about*'] as $pattern) {
    [$out, $err, $status] = report_run(['top', "$dir/pool", "--endpoint=$pattern"]);
    echo "top --endpoint='$pattern': exit $status, ", preg_match('/^(\d+) profiles?/', $out, $m) ? $m[0] : $out, "\n";
}
?>
--EXPECT--
html: exit 0
endpoints: GET /about: 1, GET /users/{id}: 2, product.show: 2
top --endpoint='product.show': exit 0, 2 profiles
top --endpoint='GET /users/{id}': exit 0, 2 profiles
top --endpoint='GET /about*': exit 0, 1 profile
