--TEST--
Sample mode: native frames of the main program are named after its file, not after a process title that rewrote argv[0] (php-fpm's "pool www", cli_set_process_title())
--DESCRIPTION--
dladdr() names the main program by argv[0], which php-fpm and
cli_set_process_title() overwrite. The script renames itself, then allocates
20 MB through str_repeat(): the sampled allocations' native frames in the php
binary must carry its file's name, with its exported symbols where it has them.
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip();
if (!function_exists('cli_set_process_title')) die('skip no cli_set_process_title()'); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$run = sample_run(<<<'PHP'
<?php
cli_set_process_title('renamed by the script');
function alloc_big() { $a = []; for ($i = 0; $i < 2000; $i++) { $a[] = str_repeat('x', 10000 + $i % 7); } return count($a); }
alloc_big();
PHP, ['bench.alloc_sample_bytes' => '65536', 'bench.alloc_sample_requests' => '1', 'bench.native_stacks' => '1'], 'json');
$names = array_unique(array_column(profile_json($run)['edges'], 'callee'));
$binary = basename((string) realpath(PHP_BINARY));
printf("a frame named after the title: %s\n", preg_grep('/renamed by the script/', $names) ? 'yes' : 'no');
printf("frames named after the php binary: %s\n",
    preg_grep('/^(\S+ \(' . preg_quote($binary, '/') . '\)|' . preg_quote($binary, '/') . '\+0x[0-9a-f]+)$/', $names) ? 'yes' : 'no');
?>
--EXPECT--
a frame named after the title: no
frames named after the php binary: yes
