--TEST--
PECL: pecl install of the package that pecl package makes builds bench.so and installs the report command, which runs; pecl package warns of the release date only
--SKIPIF--
<?php if (getenv('SKIP_PERF_SENSITIVE')) die('skip a build by pecl: the packaging tool\'s own PHP under valgrind is not bench\'s code');
if (trim((string) shell_exec('command -v pecl')) === '') die('skip pecl not installed (php-pear)');
exec(escapeshellarg(PHP_BINARY) . ' -r ' . escapeshellarg('exit(extension_loaded("xml") ? 0 : 1);'), $out, $status);
if ($status !== 0) die('skip this PHP has no xml extension for pecl');
// The build is for the PHP under test: its phpize and php-config (Debian: php8.2-dev).
foreach (['phpize', 'php-config'] as $tool) {
    if (!is_executable(dirname(PHP_BINARY) . "/$tool" . PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION)) die("skip no $tool for this PHP");
} ?>
--FILE--
<?php
$top = dirname(__DIR__, 2);
$suffix = PHP_MAJOR_VERSION . '.' . PHP_MINOR_VERSION;
$root = sys_get_temp_dir() . '/bench-pecl-' . getmypid() . '-' . bin2hex(random_bytes(4));
register_shutdown_function(fn() => exec('rm -rf ' . escapeshellarg($root)));
foreach (['wrap', 'tmp', 'php', 'data', 'bin', 'pkg'] as $d) {
    mkdir("$root/$d", 0777, true);
}
// pecl builds with `phpize` and `php-config` named by php_prefix: these give the PHP under test's, with a prefix and an
// extension directory of our own, so that its `make install` (whose files pecl copies under php-config --prefix) and
// every other file stay in $root.
file_put_contents("$root/wrap/phpize", "#!/bin/sh\nexec " . dirname(PHP_BINARY) . "/phpize$suffix \"\$@\"\n");
file_put_contents("$root/wrap/php-config", "#!/bin/sh\ncase \"\$1\" in\n--prefix) echo $root/prefix;;\n--extension-dir) echo $root/prefix/ext;;\n"
    . "*) exec " . dirname(PHP_BINARY) . "/php-config$suffix \"\$@\";;\nesac\n");
chmod("$root/wrap/phpize", 0755);
chmod("$root/wrap/php-config", 0755);
$config = ['php_dir' => "$root/php", 'data_dir' => "$root/data", 'bin_dir' => "$root/bin", 'ext_dir' => "$root/prefix/ext",
    'doc_dir' => "$root/doc", 'test_dir' => "$root/test", 'cfg_dir' => "$root/cfg", 'www_dir' => "$root/www", 'man_dir' => "$root/man",
    'temp_dir' => "$root/tmp", 'download_dir' => "$root/tmp/download", 'cache_dir' => "$root/tmp/cache", 'php_bin' => PHP_BINARY,
    'php_prefix' => "$root/wrap/"];
file_put_contents("$root/pearrc", "#PEAR_Config 0.9\n" . serialize($config + ['__channels' => ['pecl.php.net' => [], '__uri' => [], 'doc.php.net' => []]]));
$pecl = 'PHP_PEAR_PHP_BIN=' . escapeshellarg(PHP_BINARY) . ' MAKE="make -j4" pecl -c ' . escapeshellarg("$root/pearrc");

// The package, as a release is made: pecl package from the checkout's package.xml (the archive lands in the current directory).
exec('cd ' . escapeshellarg("$root/pkg") . " && $pecl package " . escapeshellarg("$top/package.xml") . ' 2>&1', $out, $status);
echo "pecl package: exit $status\n";
// The one warning left is that the release date written in package.xml is not today (none of the report's code is read as PHP).
$other = preg_grep('/Release Date "[\d-]+" is not today/', preg_grep('/warning|error|invalid/i', $out), PREG_GREP_INVERT);
echo "other warnings: ", $other ? implode("\n", $other) : 'none', "\n";
$tgz = glob("$root/pkg/bench-*.tgz");
echo "archive: ", count($tgz) === 1 ? 'one' : count($tgz), "\n";

$out = [];
exec("$pecl install " . escapeshellarg($tgz[0] ?? "$root/pkg/none.tgz") . ' 2>&1 </dev/null', $out, $status);
echo "pecl install: exit $status\n";
if ($status !== 0) {
    echo implode("\n", array_slice($out, -30)), "\n";
}
printf("bench.so: %s\n", is_file("$root/prefix/ext/bench.so") ? 'in ext' : 'missing');
printf("bench: %s\n", is_executable("$root/bin/bench") ? 'in bin, executable' : 'missing');
printf("report code: %s\n", is_file("$root/data/bench/report/main.php") && is_file("$root/data/bench/report/assets/flame.js") ? 'in data_dir/bench/report' : 'missing');
// Nothing of the report command in the build's install (pecl would copy it with mode 644 under the prefix).
printf("in the prefix: %s\n", implode(', ', array_map('basename', glob("$root/prefix/*"))));

// The installed command, with the installed bench.so: a zstd profile that this bench.so wrote, and the help.
$so = escapeshellarg("extension=$root/prefix/ext/bench.so");
$out = [];
file_put_contents("$root/tmp/script.php", "<?php function leaf() { return str_repeat('x', 100); } for (\$i = 0; \$i < 3; \$i++) leaf();\n");
exec(sprintf('%s -n -d %s -d bench.mode=profile -d bench.output_dir=%s -d bench.output_format=json -d bench.compress=zstd -d bench.report=0 %s 2>&1',
    PHP_BINARY, $so, escapeshellarg("$root/tmp"), escapeshellarg("$root/tmp/script.php")), $out);
$profiles = glob("$root/tmp/bench.*.zst");
echo "profile: ", count($profiles) === 1 ? 'one, zstd' : implode("\n", $out), "\n";
passthru(sprintf('%s -n -d %s %s top %s --by=allocs --limit=2 2>&1 | grep -c " leaf "', PHP_BINARY, $so, escapeshellarg("$root/bin/bench"),
    escapeshellarg($profiles[0] ?? "$root/none")));
passthru(sprintf('%s -n %s help 2>&1 | head -1', PHP_BINARY, escapeshellarg("$root/bin/bench")));
// The version PECL wrote into the command (no php_bench.h beside PECL's report/), the package's.
preg_match('/#define PHP_BENCH_VERSION "([^"]+)"/', file_get_contents(__DIR__ . '/../../php_bench.h'), $version);
echo str_replace($version[1], 'VERSION', (string) shell_exec(sprintf('%s -n %s --version 2>&1', PHP_BINARY, escapeshellarg("$root/bin/bench"))));
?>
--EXPECT--
pecl package: exit 0
other warnings: none
archive: one
pecl install: exit 0
bench.so: in ext
bench: in bin, executable
report code: in data_dir/bench/report
in the prefix: ext
profile: one, zstd
1
usage: bench COMMAND FILES... [OPTIONS]
bench VERSION
