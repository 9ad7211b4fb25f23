--TEST--
Sample mode: a sample keeps at most the innermost 128 frames of a deep stack, whatever bench.max_depth says, so that no stack makes a sample costly
--DESCRIPTION--
Each sample walked and recorded the whole stack up to bench.max_depth: with
bench.max_depth=100000, a 30,000-deep recursion sampled every 200 us ran
1.86 s instead of 0.025 s (2.9 million instructions a sample under
callgrind). A sample now keeps the innermost 128 frames under {truncated}
(13,000 instructions a sample on the same stack). Every sample taken at the
bottom of the recursion has exactly {request}, {truncated} and 128 frames of
down(); the shallow part of the script keeps its whole stack.
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip(); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$code = <<<'PHP'
<?php
function spin() { $t = hrtime(true); while (hrtime(true) - $t < 100e6); }
function down($n) { if ($n > 0) { return down($n - 1); } spin(); }
ini_set('memory_limit', '1G');
down(30000);
spin();
PHP;
$run = sample_run($code, ['bench.max_depth' => '100000', 'bench.sample_interval_us' => '1000', 'bench.alloc_sample_bytes' => '0']);
echo $run['output'];
$depths = [];
foreach ($run['files'] as $text) {
    foreach (sample_folded($text) as $path => $weight) {
        $frames = explode(';', $path);
        $depths[] = count($frames);
        if (in_array('{truncated}', $frames, true)) {
            // down() frames, then spin() and maybe hrtime() at the top.
            $deep[] = $frames[1] === '{truncated}' && count($frames) === 130 && $frames[2] === 'down' ? 'ok' : $path;
        }
    }
}
echo "deepest path: ", max($depths), " frames\n";
echo "samples at the bottom, each {request};{truncated} and 128 frames: ", isset($deep) && array_unique($deep) === ['ok'] ? 'yes' : 'no', "\n";
echo "spin() sampled outside the recursion with its whole stack: ", isset(sample_folded(current($run['files']))['{request};{main};spin']) ? 'yes' : 'no', "\n";
?>
--EXPECT--
deepest path: 130 frames
samples at the bottom, each {request};{truncated} and 128 frames: yes
spin() sampled outside the recursion with its whole stack: yes
