--TEST--
Sample mode: a request with allocation samples but no time sample writes a profile in the formats that carry allocations, and none in folded stacks (time only), where it counts as empty
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip(); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
// A 10 s interval: this short script gets no time sample; a 64 KiB gap: some 150 allocation samples.
// Ticks fall on multiples of the interval on the monotonic clock (hrtime's): each run starts in the first
// half of a 10 s slot, so that the child (its startup, even traced by valgrind, and the request) has 5 s.
function start_early_in_slot(): void
{
    $into = hrtime(true) % 10000000000;
    if ($into > 5000000000) {
        usleep(intdiv(10000000000 - $into, 1000) + 20000);
    }
}
$code = <<<'PHP'
<?php
$a = [];
for ($i = 0; $i < 1000; $i++) { $a[] = str_repeat('x', 10000); }
PHP;
$ini = ['bench.sample_interval_us' => '10000000', 'bench.alloc_sample_bytes' => '65536', 'bench.alloc_sample_requests' => '1'];
foreach (['json', 'callgrind', 'pprof', 'folded'] as $format) {
    start_early_in_slot();
    $run = sample_run($code, $ini, $format);
    printf("%s: %d file(s)%s\n", $format, count($run['files']), $run['output'] === '' ? '' : ": {$run['output']}");
    if ($format === 'json') {
        $profile = profile_json($run);
        printf("json: time samples %d, allocation samples over 10: %s\n", $profile['samples'],
            $profile['alloc_samples'] > 10 ? 'yes' : $profile['alloc_samples']);
    }
}
?>
--EXPECT--
json: 1 file(s)
json: time samples 0, allocation samples over 10: yes
callgrind: 1 file(s)
pprof: 1 file(s)
folded: 0 file(s)
