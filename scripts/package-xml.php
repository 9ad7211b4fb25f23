<?php
/*
 * Writes package.xml (PECL) from the repository's files, with the version
 * from php_bench.h, the only place it is written. With --check, exits 1 when
 * the committed package.xml differs from what would be written.
 *
 *   php scripts/package-xml.php [--check]
 */
$top = dirname(__DIR__);
$check = in_array('--check', $argv, true);

if (!preg_match('/#define PHP_BENCH_VERSION "([^"]+)"/', file_get_contents("$top/php_bench.h"), $m)) {
    fwrite(STDERR, "package-xml: no PHP_BENCH_VERSION in php_bench.h\n");
    exit(1);
}
$version = $m[1];

// What a source release holds: the extension's sources and build files, the tests with every file they use (their C
// helpers, the benchmarks and the fuzzer they run, the JSON schema they check profiles against, the recipes they run), the docs, and the
// report command.
$files = array_filter(
    explode("\n", trim(shell_exec('cd ' . escapeshellarg($top) . ' && git ls-files --cached --others --exclude-standard'))),
    fn($f) => preg_match('~^(bench\.c|php_bench\.h|bench_arginfo\.h|bench\.stub\.php|config\.m4|config\.w32|Makefile\.frag|composer\.json|LICENSE'
        . '|README\.md|src/.*\.[ch]|tests/.*\.(phpt|inc|c)|docs/.*|benchmarks/.*|demo/.*\.php|bin/bench|report/.*\.(php|js|css)|scripts/fuzz-report)$~', $f)
        && is_file("$top/$f")
        // The walkthrough's example extension is built from a checkout: its config.m4 in the package would be pecl's to build.
        && !str_starts_with($f, 'benchmarks/examples/htmlesc/')
);
sort($files);

// The report command goes to PEAR's bin_dir (as "bench", see <install> below) with PEAR's data_dir written into it, its
// code to data_dir/bench/report/, where bin/bench looks. Not role="php": that is for libraries in the include path, and
// pecl package reads those files as PHP 5 code (it warns of every function that is not named bench*, namespaces unknown
// to it, and calls \Foo::bar() "invalid PHP").
$role = function (string $f): string {
    if (str_starts_with($f, 'tests/') || str_starts_with($f, 'benchmarks/') || $f === 'scripts/fuzz-report') return 'test';
    if (in_array($f, ['LICENSE', 'README.md', 'bench.stub.php', 'composer.json'], true) || str_starts_with($f, 'demo/')
        || str_starts_with($f, 'docs/')) return 'doc';
    if ($f === 'bin/bench') return 'script';
    if (str_starts_with($f, 'report/')) return 'data';
    return 'src';
};
$entries = '';
foreach ($files as $f) {
    $entries .= $f === 'bin/bench'
        ? "      <file name=\"bin/bench\" role=\"script\">\n        <tasks:replace from=\"@data_dir@\" to=\"data_dir\" type=\"pear-config\"/>\n        <tasks:replace from=\"@package_version@\" to=\"version\" type=\"package-info\"/>\n      </file>\n"
        : sprintf("      <file name=\"%s\" role=\"%s\"/>\n", htmlspecialchars($f), $role($f));
}

$xml = <<<XML
<?xml version="1.0" encoding="UTF-8"?>
<package packagerversion="1.10.0" version="2.0" xmlns="http://pear.php.net/dtd/package-2.0" xmlns:tasks="http://pear.php.net/dtd/tasks-1.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://pear.php.net/dtd/tasks-1.0 http://pear.php.net/dtd/tasks-1.0.xsd http://pear.php.net/dtd/package-2.0 http://pear.php.net/dtd/package-2.0.xsd">
  <name>bench</name>
  <channel>pecl.php.net</channel>
  <summary>What PHP code costs, and which function owns the cost</summary>
  <description>bench measures what PHP code costs (time, CPU time, hardware counters where the CPU allows, Zend MM allocations and bytes, VM opcodes) and which function owns each part: exact cost assertions in phpt and PHPUnit tests, per-request profiles (callgrind, pprof, folded stacks, JSON), and low-overhead sampling of php-fpm pools. Linux only.</description>
  <lead>
    <name>bench maintainers</name>
    <user>bench</user>
    <email>bench@localhost</email>
    <active>yes</active>
  </lead>
  <date>2026-11-30</date>
  <version>
    <release>$version</release>
    <api>$version</api>
  </version>
  <stability>
    <release>alpha</release>
    <api>alpha</api>
  </stability>
  <license uri="https://opensource.org/licenses/MIT">MIT</license>
  <notes>
The first release.
- bench_measure(): the cold and warm cost of a callable; exact counters (allocations, bytes, opcodes) are ints where they are whole, for === in tests. bench_counters(), bench_info() (with what disturbs exact counts: Xdebug's develop and trace modes).
- bench.mode=profile: every request's own-cost profile, attributed to the nearest userland function, exact to the allocation; bench_start()/bench_stop() for a part of a request.
- bench.mode=sample: php-fpm sampling by a ticker thread, with allocation samples and optional native frames, under opcache's JIT too.
- Outputs that open where users look: callgrind (KCachegrind, callgrind_annotate), pprof gzipped with request labels (go tool pprof, Pyroscope, Parca), folded stacks (flamegraph.pl, speedscope), JSON with the call tree and a schema (docs/profile.schema.json).
- bench, the report command: top tables, flame graphs, an offline HTML report, exact merges of many profiles, and diffs of two sets.
- Installs with PIE (composer.json) or PECL; Linux only: configure stops on Windows.
  </notes>
  <contents>
    <dir name="/">
$entries    </dir>
  </contents>
  <dependencies>
    <required>
      <php>
        <min>8.2.0</min>
      </php>
      <pearinstaller>
        <min>1.10.0</min>
      </pearinstaller>
      <os>
        <name>linux</name>
      </os>
    </required>
  </dependencies>
  <providesextension>bench</providesextension>
  <extsrcrelease>
    <configureoption name="with-bench-zstd" default="yes" prompt="Compress profiles with libzstd?"/>
    <configureoption name="with-bench-zlib" default="yes" prompt="Gzip pprof profiles with zlib?"/>
    <configureoption name="with-bench-libunwind" default="yes" prompt="Native stacks with libunwind?"/>
    <filelist>
      <install as="bench" name="bin/bench"/>
    </filelist>
  </extsrcrelease>
  <changelog/>
</package>

XML;

if ($check) {
    $current = @file_get_contents("$top/package.xml");
    if ($current !== $xml) {
        fwrite(STDERR, "package-xml: package.xml is out of date: run php scripts/package-xml.php\n");
        exit(1);
    }
    exit(0);
}
file_put_contents("$top/package.xml", $xml);
echo "package-xml: package.xml written (", count($files), " files, version $version)\n";
