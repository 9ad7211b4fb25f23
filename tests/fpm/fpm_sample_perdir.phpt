--TEST--
php-fpm with bench.mode=sample: a profile states the allocation sampling gap its request ran with, though the writer thread writes it during a request with another (.user.ini)
--DESCRIPTION--
bench.alloc_sample_bytes is a per-directory setting (a directory may sample
less often, not more), and the writer thread writes a profile up to 100 ms
after its request (it waits for a batch). One worker serves a quick request
from the pool's setting (a 4,096-byte mean gap), then a 400 ms request from a
directory whose .user.ini sets 65,536: the first profile is written while the
second request runs, and read the second's setting before the fix. JSON's alloc_sample_bytes is the mean that scales
every estimate in the profile.
--SKIPIF--
<?php require __DIR__ . '/fpm.inc'; fpm_skip(); sample_mode_skip(); ?>
--FILE--
<?php
require __DIR__ . '/fpm.inc';
$code = <<<'PHP'
<?php
$a = [];
for ($i = 0; $i < 200; $i++) {
    $a[] = str_repeat('x', 10000);
}
if (str_contains(__DIR__, '/slow')) {
    usleep(400000);
}
echo "ok\n";
PHP;
$fpm = fpm_start($code, ['bench.mode' => 'sample', 'bench.output_format' => 'json', 'bench.alloc_sample_bytes' => '4096',
    'bench.alloc_sample_requests' => '1'], 1);
mkdir("{$fpm['dir']}/slow");
file_put_contents("{$fpm['dir']}/slow/app.php", $code);
file_put_contents("{$fpm['dir']}/slow/.user.ini", "bench.alloc_sample_bytes=65536\n");

echo "quick: ", str_ends_with(trim(fpm_request($fpm, 'first')), 'ok') ? 'ok' : 'unexpected', "\n";
// php-fpm reads .user.ini files only for a request that gives DOCUMENT_ROOT.
$slow = sprintf('env SCRIPT_FILENAME=%s DOCUMENT_ROOT=%s SCRIPT_NAME=/slow/app.php REQUEST_METHOD=GET REQUEST_URI=/slow/app.php'
    . ' QUERY_STRING= cgi-fcgi -bind -connect %s 2>&1',
    escapeshellarg("{$fpm['dir']}/slow/app.php"), escapeshellarg($fpm['dir']), escapeshellarg("{$fpm['dir']}/fpm.sock"));
echo "slow: ", str_ends_with(trim((string) shell_exec($slow)), 'ok') ? 'ok' : 'unexpected', "\n";
unlink("{$fpm['dir']}/slow/app.php");
unlink("{$fpm['dir']}/slow/.user.ini");
profile_forget_usage("{$fpm['dir']}/slow");
rmdir("{$fpm['dir']}/slow");
[$files, $log] = fpm_stop($fpm);

$gap = [];
profile_validate_json(...array_values($files));
foreach ($files as $text) {
    $profile = json_decode($text, true);
    $gap[$profile['command']] = $profile['alloc_sample_bytes'] ?? null;
}
ksort($gap);
foreach ($gap as $uri => $bytes) {
    echo "$uri: alloc_sample_bytes $bytes\n";
}
echo "crashed: ", fpm_crashed($log) ? 'yes' : 'no', "\n";
?>
--EXPECT--
quick: ok
slow: ok
/app.php: alloc_sample_bytes 4096
/slow/app.php: alloc_sample_bytes 65536
crashed: no
