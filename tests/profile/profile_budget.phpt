--TEST--
Profile mode: past bench.output_max_mb of bench files in the output directory, profiles are dropped, warned once and counted
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
// Under the cap: written.
$run = profile_run('<?php echo "small\n";', ['bench.output_max_mb' => '1']);
echo $run['output'], "\nwritten: ", count($run['files']), "\n";
// 1.5 MB of earlier bench files in the directory: the next profile would pass 1 MB.
$run = profile_run('<?php file_put_contents(__DIR__ . "/bench.earlier.json", str_repeat("x", 1500000)); echo "full\n";',
    ['bench.output_max_mb' => '1']);
echo str_replace($run['dir'], 'DIR', $run['output']), "\nbench files: ", implode(', ', array_keys($run['files'])), "\n";
// 0: no cap.
$run = profile_run('<?php file_put_contents(__DIR__ . "/bench.earlier.json", str_repeat("x", 1500000)); echo "no cap\n";',
    ['bench.output_max_mb' => '0']);
echo $run['output'], "\nbench files: ", count($run['files']), "\n";
?>
--EXPECT--
small
written: 1
full

Warning: bench: profile dropped: the bench files in DIR would pass bench.output_max_mb=1; later ones in this process are counted in bench_info(), not repeated
bench files: bench.earlier.json
no cap
bench files: 2
