--TEST--
php-fpm with bench.mode=profile: a real FastCGI client's requests each get one profile, and the workers keep serving
--SKIPIF--
<?php require __DIR__ . '/fpm.inc'; fpm_skip(); ?>
--FILE--
<?php
require __DIR__ . '/fpm.inc';
// Observers are registered at startup, so bench comes on the command line.
$fpm = fpm_start(<<<'PHP'
<?php
function page(string $name): string { return '<p>' . htmlspecialchars(str_repeat($name, 2)) . '</p>'; }
echo page($_GET['name'] ?? 'none');
PHP, ['bench.mode' => 'profile', 'bench.output_format' => 'json'], 2);
echo "socket: ", var_export(file_exists("{$fpm['dir']}/fpm.sock"), true), "\n";

$ok = 0;
for ($i = 0; $i < 20; $i++) {
    $ok += str_contains(fpm_request($fpm, "name=n$i"), "<p>n{$i}n{$i}</p>") ? 1 : 0;
}
echo "responses: $ok of 20\n";

[$files, $log] = fpm_stop($fpm);
// One profile per request, written by the worker's writer thread after the response went out.
echo "profiles: ", count($files), "\n";
$uris = [];
$exact = 0;
profile_validate_json(...array_values($files));
foreach ($files as $text) {
    $p = json_decode($text, true);
    $uris[] = $p['command'];
    $page = array_values(array_filter($p['functions'], fn($f) => $f['name'] === 'page'))[0] ?? null;
    $sums = true;
    foreach ($p['counters'] as $c) {
        $sums = $sums && array_sum(array_map(fn($f) => $f['own'][$c], $p['functions'])) + $p['overhead'][$c] === $p['totals'][$c];
    }
    $exact += $page !== null && $page['calls'] === 1 && $sums ? 1 : 0;
}
echo "each profile: page called once, sums exact: $exact\n";
// The header names the script (CGI's request URI is the script name, without the query string).
echo "commands: ", implode(' ', array_unique($uris)), "\n";
echo "workers crashed: ", fpm_crashed($log) ? $log : 'none', "\n";
?>
--EXPECT--
socket: true
responses: 20 of 20
profiles: 20
each profile: page called once, sums exact: 20
commands: /app.php
workers crashed: none
