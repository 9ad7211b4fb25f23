--TEST--
Sample mode: bench.alloc_sample_requests picks the sampled requests whose allocations are sampled too; their profiles estimate them whole, the others leave them out
--DESCRIPTION--
60 runs with bench.alloc_sample_requests=0.5: the number of runs whose
allocations are sampled is binomial (mean 30, deviation 3.9); the test takes 14
to 46 (4.1 sigma each side; false failure near 4e-5). Each such run estimates
alloc_big's 20 MB on its own (deviation near 5.5% at a 64 KiB mean); their mean
is within 10% (over 7 sigma). A run not picked has wall time only.
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$code = <<<'PHP'
<?php
function alloc_big() { $a = []; for ($i = 0; $i < 2000; $i++) { $a[] = str_repeat('x', 10000 + $i % 7); } return count($a); }
function spin() { $t = hrtime(true); while (hrtime(true) - $t < 15000000) {} }
alloc_big();
spin();
PHP;
$picked = $other = 0;
$bytes = [];
$odd = [];
for ($i = 0; $i < 60; $i++) {
    $profile = profile_json(sample_run($code, ['bench.sample_interval_us' => '1000', 'bench.alloc_sample_bytes' => '65536',
        'bench.alloc_sample_requests' => '0.5'], 'json'));
    if ($profile['counters'] === ['wall_ns', 'allocs', 'alloc_bytes'] && $profile['alloc_sample_bytes'] === 65536) {
        $picked++;
        $bytes[] = profile_function($profile, 'alloc_big')['inclusive']['alloc_bytes'] ?? 0;
    } elseif ($profile['counters'] === ['wall_ns'] && !isset($profile['alloc_samples'])) {
        $other++;
    } else {
        $odd[] = implode(',', $profile['counters']);
    }
}
printf("every run either kind: %s\n", $odd ? implode('; ', $odd) : 'yes');
printf("runs picked: 14 to 46 of 60: %s\n", $picked >= 14 && $picked <= 46 ? 'yes' : "no ($picked)");
$mean = $bytes ? array_sum($bytes) / count($bytes) : 0;
printf("alloc_big in a picked run: 20 MB within 10%%: %s\n", abs($mean - 20e6) <= 2e6 ? 'yes' : "no ($mean)");
?>
--EXPECT--
every run either kind: yes
runs picked: 14 to 46 of 60: yes
alloc_big in a picked run: 20 MB within 10%: yes
