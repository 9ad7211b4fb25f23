--TEST--
Near memory_limit, an allocation still gets what Zend MM frees first when bench's allocation handlers are on (sampling, and counting in profile mode)
--DESCRIPTION--
The script fills about 6 MB of small strings and lets them go: their pages stay
in Zend MM's bins. A 5 MB string then passes memory_limit=10M unless Zend MM
first gives those pages back (zend_mm_gc()), which it skips while the heap is
flagged custom. bench's handlers clear that flag for each call they pass on
(on 8.4, zend_mm_gc() calls bench back instead); without that, PHP dies with
"Allowed memory size exhausted" where it runs without bench.
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip(); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$code = <<<'PHP'
<?php
function fill() { $a = []; for ($i = 0; $i < 40000; $i++) { $a[] = str_repeat('x', 100 + $i % 2); } return count($a); }
fill();
$big = str_repeat('y', 5 << 20);
echo "big string: ", strlen($big), "\n";
PHP;
$ini = ['memory_limit' => '10M', 'bench.alloc_sample_bytes' => '65536', 'bench.alloc_sample_requests' => '1'];
$run = sample_run($code, $ini, 'json');
echo "sampling: exit {$run['status']}: {$run['output']}\n";
$profile = profile_json($run);
printf("allocations sampled: %s\n", ($profile['alloc_samples'] ?? 0) > 10 ? 'yes' : json_encode($profile['alloc_samples'] ?? null));
$run = profile_run($code, ['memory_limit' => '10M']);
echo "profile mode: exit {$run['status']}: {$run['output']}\n";
printf("allocations counted: %s\n", profile_json($run)['totals']['allocs'] >= 40000 ? 'yes' : 'no');
?>
--EXPECT--
sampling: exit 0: big string: 5242880
allocations sampled: yes
profile mode: exit 0: big string: 5242880
allocations counted: yes
