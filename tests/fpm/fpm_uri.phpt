--TEST--
php-fpm behind a front controller (SCRIPT_NAME=/index.php, routing on REQUEST_URI, as Symfony, Laravel and WordPress do): each profile's URI is the path requested, not the script's name; its query string is left out but for the parameters bench.uri_query names
--SKIPIF--
<?php require __DIR__ . '/fpm.inc'; fpm_skip(); ?>
--FILE--
<?php
require __DIR__ . '/fpm.inc';
$fpm = fpm_start(<<<'PHP'
<?php
// A router: the path decides the page.
function route(string $path): string { return preg_match('~^/products/(\d+)$~', $path, $m) ? "product $m[1]" : 'home'; }
echo route(parse_url($_SERVER['REQUEST_URI'], PHP_URL_PATH)), "\n";
PHP, ['bench.mode' => 'profile', 'bench.output_format' => 'json', 'bench.uri_query' => 'page, lang'], 1);

foreach (['/products/42?page=2&token=secret&lang=fr', '/products/7', '/?token=secret', '/products/9?pagex=1&page=3'] as $uri) {
    $env = sprintf('SCRIPT_FILENAME=%s SCRIPT_NAME=/index.php REQUEST_METHOD=GET REQUEST_URI=%s QUERY_STRING=%s',
        escapeshellarg("{$fpm['dir']}/app.php"), escapeshellarg($uri), escapeshellarg((string) parse_url($uri, PHP_URL_QUERY)));
    $response = (string) shell_exec("env $env cgi-fcgi -bind -connect " . escapeshellarg("{$fpm['dir']}/fpm.sock") . ' 2>&1');
    echo "$uri: ", trim(substr($response, strpos($response, "\r\n\r\n") + 4)), "\n";
}
[$files, $log] = fpm_stop($fpm);
ksort($files);
$uris = [];
foreach ($files as $text) {
    $uris[] = json_decode($text, true)['command'] ?? '?';
}
echo "profiles: ", count($files), "\nuris: ", implode(' ', $uris), "\n";
echo "token anywhere: ", var_export(str_contains(implode('', $files), 'secret'), true), "\n";
echo "workers crashed: ", fpm_crashed($log) ? $log : 'none', "\n";
?>
--EXPECT--
/products/42?page=2&token=secret&lang=fr: product 42
/products/7: product 7
/?token=secret: home
/products/9?pagex=1&page=3: product 9
profiles: 4
uris: /products/42?page=2&lang=fr /products/7 / /products/9?page=3
token anywhere: false
workers crashed: none
