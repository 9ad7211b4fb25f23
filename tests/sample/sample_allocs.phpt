--TEST--
Sample mode: allocations are sampled as a Poisson process over bytes, each sample weighed to estimate all of them; bench.native_stacks adds the native frames (libunwind), named from the libraries' symbols
--DESCRIPTION--
alloc_big() allocates 2,000 strings of 10,000 bytes (20 MB) through str_repeat(),
and keeps them. With a 64 KiB mean gap about 300 allocations are sampled; each
stands for 1/p allocations and size/p bytes (p = 1 - exp(-size/mean)), so the
estimate under alloc_big is unbiased with a standard deviation near 5.5%: the
test takes +-25% (about 4.5 sigma; false failure under 1e-5). quiet() allocates
next to nothing and gets at most a few samples. bench.alloc_sample_requests=1:
every sampled request samples its allocations (sample_alloc_requests.phpt
covers the fraction).
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip(); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$code = <<<'PHP'
<?php
function alloc_big() { $a = []; for ($i = 0; $i < 2000; $i++) { $a[] = str_repeat('x', 10000 + $i % 7); } return count($a); }
function quiet() { $s = 0; for ($i = 0; $i < 100000; $i++) { $s += $i & 3; } return $s; }
alloc_big();
quiet();
PHP;
$profile = profile_json(sample_run($code, ['bench.alloc_sample_bytes' => '65536', 'bench.alloc_sample_requests' => '1'], 'json'));
echo implode(',', $profile['counters']), "\n";
$big = profile_function($profile, 'alloc_big')['inclusive'] ?? ['alloc_bytes' => 0, 'allocs' => 0];
$repeat = profile_function($profile, 'str_repeat')['own'] ?? ['alloc_bytes' => 0];
$quiet = profile_function($profile, 'quiet')['inclusive']['alloc_bytes'] ?? 0;
printf("alloc_big: about 20 MB: %s\n", abs($big['alloc_bytes'] - 20e6) <= 5e6 ? 'yes' : "no ({$big['alloc_bytes']})");
printf("alloc_big: about 2,000 allocations: %s\n", abs($big['allocs'] - 2000) <= 500 ? 'yes' : "no ({$big['allocs']})");
printf("str_repeat owns them: %s\n", $repeat['alloc_bytes'] >= 0.9 * $big['alloc_bytes'] ? 'yes' : 'no');
printf("quiet: under 1 MB: %s\n", $quiet < 1e6 ? 'yes' : "no ($quiet)");
// The totals are the sum of the functions' own costs, allocations included (they read 0 before).
$own = array_fill_keys($profile['counters'], 0);
foreach ($profile['functions'] as $f) {
    foreach ($profile['counters'] as $counter) {
        $own[$counter] += $f['own'][$counter];
    }
}
$totals = array_intersect_key($profile['totals'], $own);
printf("totals = the functions' own: %s\n", $own == $totals && $own['allocs'] > 0 ? 'yes' : json_encode([$totals, $own]));
$callgrind = sample_run($code, ['bench.alloc_sample_bytes' => '65536', 'bench.alloc_sample_requests' => '1'], 'callgrind');
preg_match('/^summary: (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)$/m', (string) current($callgrind['files']), $summary);
printf("callgrind summary counts the allocations: %s\n", ($summary[2] ?? 0) > 1000 && ($summary[3] ?? 0) > 1e7 ? 'yes'
    : ($summary[0] ?? 'no summary'));

// On 8.5 str_repeat's allocations have a single native frame, its own handler, unnamed in the stripped
// binary: arrays grown 200 times through zend_hash_packed_grow() (exported, so named) make some 200 more
// samples, of which none being taken has a chance near e^-200.
$grown = "\nfunction grow() { for (\$k = 0; \$k < 200; \$k++) { \$a = []; for (\$i = 0; \$i < 2000; \$i++) { \$a[] = \$i; } } }\ngrow();\n";
$run = sample_run($code . $grown, ['bench.alloc_sample_bytes' => '65536', 'bench.alloc_sample_requests' => '1', 'bench.native_stacks' => '1'], 'json');
$info = profile_json($run);
// A native frame is "symbol (library)" where the library's symbol table names it, else "library+0xOFFSET"
// (Debian's php binary is stripped: only its exported functions have names).
$is_native = fn(string $n) => (bool) preg_match('/^(\S+ \([^)]+\)|[\w.+-]+\+0x[0-9a-f]+)$/', $n);
$native = array_values(array_filter(array_column($info['edges'], 'callee'), $is_native));
$under = array_filter($info['edges'], fn($e) => $e['caller'] === 'str_repeat' && $is_native($e['callee']));
printf("native frames under str_repeat: %s\n", $under ? 'yes' : 'no');
printf("some named from the PHP binary's symbols: %s\n", preg_grep('/^\S+ \(php/', $native) ? 'yes' : implode(', ', $native));
printf("bench's own frames left out: %s\n", preg_grep('/bench/', $native) ? 'no' : 'yes');

// Sampling alone runs lean handlers (no tallies); a measurement inside the request puts the counting
// ones on for its length and exact counts come out, and sampling goes on through both.
$run = sample_run(<<<'PHP'
<?php
function alloc_big() { $a = []; for ($i = 0; $i < 2000; $i++) { $a[] = str_repeat('x', 10000 + $i % 7); } return count($a); }
$w = bench_measure(fn() => str_repeat('x', 100), 100)['warm'];
printf("measured inside a sampled request: allocs=%s alloc_bytes=%s frees=%s\n", $w['allocs'], $w['alloc_bytes'], $w['frees']);
bench_measure('alloc_big', 1);
alloc_big();
echo "allocation handlers still on: ", bench_info()['alloc_handlers'] ? 'yes' : 'no', "\n";
PHP, ['bench.alloc_sample_bytes' => '65536', 'bench.alloc_sample_requests' => '1'], 'json');
echo $run['output'], "\n";
$profile = profile_json($run);
$big = profile_function($profile, 'alloc_big')['inclusive']['alloc_bytes'] ?? 0;
// bench_measure('alloc_big', 1) runs it twice (cold, then warm), and then once more: about 60 MB.
printf("alloc_big sampled through the measurement and after it: %s\n", abs($big - 60e6) <= 15e6 ? 'yes' : "no ($big)");
?>
--EXPECT--
wall_ns,allocs,alloc_bytes,live_allocs,live_bytes
alloc_big: about 20 MB: yes
alloc_big: about 2,000 allocations: yes
str_repeat owns them: yes
quiet: under 1 MB: yes
totals = the functions' own: yes
callgrind summary counts the allocations: yes
native frames under str_repeat: yes
some named from the PHP binary's symbols: yes
bench's own frames left out: yes
measured inside a sampled request: allocs=1 alloc_bytes=132 frees=1
allocation handlers still on: yes
alloc_big sampled through the measurement and after it: yes
