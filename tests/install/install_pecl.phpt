--TEST--
PECL: package.xml validates (pecl package-validate) and lists every file that the build and the tests use
--SKIPIF--
<?php if (getenv('SKIP_PERF_SENSITIVE')) die('skip package metadata: the packaging tool\'s own PHP under valgrind is not bench\'s code');
if (trim((string) shell_exec('command -v pecl')) === '') die('skip pecl not installed (php-pear)');
// pecl runs on the PHP under test (PHP_PEAR_PHP_BIN), which needs the xml extension to read package.xml.
exec(escapeshellarg(PHP_BINARY) . ' -r ' . escapeshellarg('exit(extension_loaded("xml") ? 0 : 1);'), $out, $status);
if ($status !== 0) die('skip this PHP has no xml extension for pecl'); ?>
--FILE--
<?php
$top = dirname(__DIR__, 2);
exec('cd ' . escapeshellarg($top) . ' && PHP_PEAR_PHP_BIN=' . escapeshellarg(PHP_BINARY) . ' pecl package-validate package.xml 2>&1',
    $out, $status);
// The release date is fixed in the generated file: pecl warns that it is not today.
echo "pecl package-validate: exit $status, ", implode(' ', preg_grep('/^Validation:/', $out)), "\n";

// (The suite runs with -n: no SimpleXML. The generator writes one file a line.)
preg_match_all('~<file name="([^"]+)" role="(\w+)"~', file_get_contents("$top/package.xml"), $files, PREG_SET_ORDER);
$listed = array_column($files, 2, 1);
$missing = [];
// The build: config.m4's sources and the headers they include from the tree.
preg_match('/bench_sources="([^"]+)"/', file_get_contents("$top/config.m4"), $m);
$build = preg_split('/[\s\\\\]+/', trim($m[1]), -1, PREG_SPLIT_NO_EMPTY);
foreach ($build as $source) {
    preg_match_all('/^#\s*include "([^"]+)"/m', file_get_contents("$top/$source"), $includes);
    foreach ($includes[1] as $header) {
        // config.h is configure's.
        foreach ($header === 'config.h' ? [] : ["$top/" . dirname($source) . "/$header", "$top/$header"] as $path) {
            if (is_file($path)) {
                $build[] = substr(realpath($path), strlen(realpath($top)) + 1);
                break;
            }
        }
    }
}
$build = array_unique([...$build, 'config.m4', 'php_bench.h', 'bench_arginfo.h']);
$missing = array_diff($build, array_keys($listed));
echo "build: ", count($build), " files, missing: ", $missing ? implode(', ', $missing) : 'none', "\n";

// The tests: every phpt, and every file they name next to them (__DIR__ . '/x', dirname(__DIR__, 2) . '/x') that the tree has.
$used = [];
foreach (new RecursiveIteratorIterator(new RecursiveDirectoryIterator("$top/tests", FilesystemIterator::SKIP_DOTS)) as $file) {
    if (!preg_match('/\.(phpt|inc)$/', $file->getFilename())) {
        continue;
    }
    $dir = dirname($file->getPathname());
    $used[] = substr($file->getPathname(), strlen($top) + 1);
    preg_match_all('~(__DIR__|dirname\(__DIR__, (\d)\)) \. [\'"](/[\w./-]+)[\'"]~', file_get_contents($file->getPathname()), $refs, PREG_SET_ORDER);
    foreach ($refs as $ref) {
        $path = realpath(($ref[2] ? dirname($dir, (int) $ref[2]) : $dir) . $ref[3]);
        if ($path && is_file($path)) {
            $used[] = substr($path, strlen(realpath($top)) + 1);
        }
    }
}
$used = array_unique($used);
$missing = array_diff($used, array_keys($listed));
echo "tests: ", count($used) > 100 ? 'over 100' : count($used), " files, missing: ", $missing ? implode(', ', $missing) : 'none', "\n";
// The benchmarks that tests/benchmarks runs, whole.
$bench = array_filter(array_keys($listed), fn($f) => str_starts_with($f, 'benchmarks/'));
printf("benchmarks: %s, role %s\n", in_array('benchmarks/lib/results.php', $bench, true) ? 'listed' : 'missing',
    implode(',', array_unique(array_map(fn($f) => $listed[$f], $bench))));
printf("roles: bench.c %s, tests/sample/deny_syscall.c %s, docs/profile.schema.json %s\n", $listed['bench.c'] ?? '-',
    $listed['tests/sample/deny_syscall.c'] ?? '-', $listed['docs/profile.schema.json'] ?? '-');
// The report command: a script that PECL writes its data_dir into, its code in that data_dir (not role="php", which pecl
// package would read as PHP 5 code, with a warning for every function).
printf("report command: bin/bench %s%s, report/ %s\n", $listed['bin/bench'] ?? '-',
    preg_match('~<file name="bin/bench" role="script">\s*<tasks:replace from="@data_dir@" to="data_dir" type="pear-config"/>~',
        file_get_contents("$top/package.xml")) ? ' with @data_dir@ replaced' : '',
    implode(',', array_unique(array_map(fn($f) => $listed[$f], preg_grep('~^report/~', array_keys($listed))))));
?>
--EXPECTF--
pecl package-validate: exit 0, Validation: 0 error(s)%s
build: %d files, missing: none
tests: over 100 files, missing: none
benchmarks: listed, role test
roles: bench.c src, tests/sample/deny_syscall.c test, docs/profile.schema.json doc
report command: bin/bench script with @data_dir@ replaced, report/ data
