--TEST--
Recipe (docs/testing.md): the PHPUnit cost test in docs/examples/phpunit passes with bench loaded, and a broken expectation fails naming the counter, its value and the one expected
--SKIPIF--
<?php require __DIR__ . '/../profile/profile.inc'; profile_skip();
if (!is_file('/usr/bin/phpunit')) die('skip phpunit not installed (Debian\'s phpunit)');
// PHPUnit needs dom, mbstring, xml...: a PHP without them (8.5 from experimental, its CLI alone) cannot run it.
exec(escapeshellarg(PHP_BINARY) . ' /usr/bin/phpunit --version 2>&1', $out, $status);
if ($status !== 0) die('skip phpunit does not run on this PHP: ' . implode(' ', array_slice($out, 0, 2))); ?>
--FILE--
<?php
require __DIR__ . '/../profile/profile.inc';
$examples = dirname(__DIR__, 2) . '/docs/examples/phpunit';
// PHPUnit needs the extensions that the system's php.ini loads (dom, mbstring...): no -n here, bench added to them.
// Zend MM always: the suite's valgrind run sets USE_ZEND_ALLOC=0, under which retained_bytes is null.
$phpunit = function (string $dir, string $ini = '') {
    exec(sprintf('env -u USE_ZEND_ALLOC %s -d extension=%s -d xdebug.mode=off %s /usr/bin/phpunit --colors=never --do-not-cache-result %s 2>&1',
        escapeshellarg(PHP_BINARY), escapeshellarg(getenv('BENCH_SO')), $ini, escapeshellarg($dir)), $out, $status);
    return [$status, $out];
};
[$status, $out] = $phpunit($examples, '-d bench.count_ops=1');
echo "with opcodes: exit $status, ", implode(' ', preg_grep('/^(OK|Tests:|FAILURES)/', $out)), "\n";
[$status, $out] = $phpunit($examples);
echo "without: exit $status, ", implode(' ', preg_grep('/^(OK|Tests:|FAILURES)/', $out)), "\n";
// opcache in the CLI (Debian's php.ini loads it): its optimizer rewrites the opcodes, which the test then leaves alone.
[$status, $out] = $phpunit($examples, '-d bench.count_ops=1 -d opcache.enable_cli=1');
echo "with opcodes and opcache: exit $status, ", implode(' ', preg_grep('/^(OK|Tests:|FAILURES)/', $out)), "\n";

// The same test expecting 9 allocations: the failure names the counter and both values.
$broken = sys_get_temp_dir() . '/bench-recipe-' . getmypid();
mkdir($broken);
copy("$examples/Html.php", "$broken/Html.php");
file_put_contents("$broken/HtmlCostTest.php", str_replace("assertSame(10, \$warm['allocs']", "assertSame(9, \$warm['allocs']",
    file_get_contents("$examples/HtmlCostTest.php")));
[$status, $out] = $phpunit($broken);
echo "expecting 9: exit $status\n", implode("\n", preg_grep('/^(allocations per call|Failed asserting)/', $out)), "\n";
array_map('unlink', glob("$broken/*"));
rmdir($broken);
?>
--EXPECTF--
with opcodes: exit 0, OK (1 test, %d assertions)
without: exit 0, OK (1 test, %d assertions)
with opcodes and opcache: exit 0, OK (1 test, %d assertions)
expecting 9: exit 1
allocations per call
Failed asserting that 10 is identical to 9.
