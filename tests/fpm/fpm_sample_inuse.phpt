--TEST--
php-fpm with bench.mode=sample: a worker whose cache grows with every request shows it in the inuse_space of each request's profile, under the caching function, one step per request
--DESCRIPTION--
Zend MM memory does not outlive a request, so what grows in a worker is what
each request loads and holds: here a store on disk gains a 100,000-byte entry
per request, and cache() loads all of it into a static array that lives until
the request's end. Six requests to one worker: request k holds k entries.
With a 4,096-byte mean gap each entry (a 100,032-byte block) is sampled with
a chance of 1 - e^-24.4 and stands for itself, so the steps are exact; the
few small blocks sampled beside them weigh about 4 KiB each (the test takes
up to 50,000 bytes of them). The request's own temporary (1 MB, freed) is in
alloc_space and not in inuse_space.
--SKIPIF--
<?php require __DIR__ . '/fpm.inc'; fpm_skip(); sample_mode_skip(); ?>
--FILE--
<?php
require __DIR__ . '/fpm.inc';
$code = <<<'PHP'
<?php
function cache(string $store): int
{
    static $entries = [];
    foreach (glob("$store/*") as $file) {
        $entries[] = file_get_contents($file);
    }
    return count($entries);
}
function scratch(): int { $s = str_repeat('s', 1000000); return strlen($s); }
$store = __DIR__ . '/store';
file_put_contents("$store/" . count(glob("$store/*")), str_repeat('e', 100000));
scratch();
echo "entries ", cache($store), "\n";
PHP;
$fpm = fpm_start($code, ['bench.mode' => 'sample', 'bench.output_format' => 'json', 'bench.alloc_sample_bytes' => '4096',
    'bench.alloc_sample_requests' => '1'], 1);
mkdir("{$fpm['dir']}/store");
for ($k = 1; $k <= 6; $k++) {
    preg_match('/entries (\d+)/', fpm_request($fpm, "k=$k"), $m);
    echo $m[1] ?? 'no answer', ' ';
}
echo "\n";
array_map('unlink', glob("{$fpm['dir']}/store/*"));
rmdir("{$fpm['dir']}/store");
[$files, $log] = fpm_stop($fpm);

profile_validate_json(...array_values($files));
$steps = [];
foreach ($files as $text) {
    $profile = json_decode($text, true);
    $cache = profile_function($profile, 'cache')['inclusive'];
    $scratch = profile_function($profile, 'scratch')['inclusive'];
    $steps[$profile['request']['time_ns']] = sprintf('%d%s/%s', intdiv($cache['live_bytes'], 100032),
        $cache['live_bytes'] % 100032 < 50000 ? '' : '+', $scratch['live_bytes'] == 0 && $scratch['alloc_bytes'] > 0 ? 0 : 'x');
}
ksort($steps);
echo "inuse_space of cache() in 100,032-byte entries / of scratch(), in the order of the requests: ", implode(' ', $steps), "\n";
echo "crashed: ", fpm_crashed($log) ? 'yes' : 'no', "\n";
?>
--EXPECT--
1 2 3 4 5 6 
inuse_space of cache() in 100,032-byte entries / of scratch(), in the order of the requests: 1/0 2/0 3/0 4/0 5/0 6/0
crashed: no
