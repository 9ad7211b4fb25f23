--TEST--
PIE: composer.json is a valid php-ext package (composer validate, strict), and its configure options are config.m4's
--SKIPIF--
<?php if (getenv('SKIP_PERF_SENSITIVE')) die('skip package metadata: the packaging tool\'s own PHP under valgrind is not bench\'s code');
if (trim((string) shell_exec('command -v composer')) === '') die('skip composer not installed'); ?>
--FILE--
<?php
$top = dirname(__DIR__, 2);
$env = 'env -i PATH=' . escapeshellarg((string) getenv('PATH')) . ' COMPOSER_HOME=' . escapeshellarg(sys_get_temp_dir() . '/bench-composer-home')
    . ' COMPOSER_ALLOW_SUPERUSER=1 COMPOSER_NO_INTERACTION=1';
preg_match('/Composer version (\d+)\.(\d+)/', (string) shell_exec("$env composer --version 2>&1"), $v);
// Composer knows the php-ext section from 2.7 (composer/composer#11795); before, its schema calls it an unknown
// property, a publish error only: this package is then checked for simple use, and its php-ext section below.
$knows = $v && ([(int) $v[1], (int) $v[2]] <=> [2, 7]) >= 0;
exec("$env composer validate --strict " . ($knows ? '' : '--no-check-publish ') . '-d ' . escapeshellarg($top) . ' 2>&1', $out, $status);
echo "composer validate: ", $status === 0 ? 'valid' : "exit $status\n" . implode("\n", $out), "\n";
$unknown = array_filter($out, fn($line) => preg_match('/^- /', $line) && !str_contains($line, 'php-ext is not defined'));
echo "other warnings: ", $unknown ? implode("\n", $unknown) : 'none', "\n";

$json = json_decode(file_get_contents("$top/composer.json"), true, 512, JSON_THROW_ON_ERROR);
$ext = $json['php-ext'];
printf("type %s, extension %s, PHP %s, OS %s\n", $json['type'], $ext['extension-name'], $json['require']['php'], implode(',', $ext['os-families']));
// Each option is one that config.m4 defines: --with-X / --without-X for PHP_ARG_WITH, --enable-X for PHP_ARG_ENABLE.
preg_match_all('/PHP_ARG_(WITH|ENABLE)\(\[([\w-]+)\]/', file_get_contents("$top/config.m4"), $m, PREG_SET_ORDER);
$known = [];
foreach ($m as [, $kind, $name]) {
    $known = [...$known, ...($kind === 'WITH' ? ["with-$name", "without-$name"] : ["enable-$name", "disable-$name"])];
}
foreach ($ext['configure-options'] as $option) {
    printf("  %s%s: %s\n", $option['name'], $option['needs-value'] ? '=VALUE' : '', in_array($option['name'], $known, true) ? 'in config.m4' : 'UNKNOWN');
}
?>
--EXPECT--
composer validate: valid
other warnings: none
type php-ext, extension bench, PHP >=8.2 <8.6, OS linux
  with-bench-zstd=VALUE: in config.m4
  without-bench-zstd: in config.m4
  with-bench-zlib=VALUE: in config.m4
  without-bench-zlib: in config.m4
  with-bench-libunwind=VALUE: in config.m4
  without-bench-libunwind: in config.m4
  enable-bench-dev: in config.m4
