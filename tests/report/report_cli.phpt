--TEST--
bench's command line: -h, --help, help and help COMMAND print the usage on stdout with status 0, as does COMMAND --help (its own options only); --version and -V print the version php_bench.h has, with no bench.so loaded; a bad command or option fails with status 2 and names the --help to read
--SKIPIF--
<?php
if (getenv('SKIP_PERF_SENSITIVE')) die('skip bin/bench\'s PHP under valgrind: report_fuzz and zstd_decompress check bench.so\'s part');
require __DIR__ . '/report.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/report.inc';
$json = report_profile('bench.good.json');
preg_match('/#define PHP_BENCH_VERSION "([^"]+)"/', file_get_contents(__DIR__ . '/../../php_bench.h'), $version);
foreach ([['-h'], ['--help'], ['help'], ['help', 'top'], ['top', '--help'], ['top', $json, '-h'], ['diff', '--help'], ['lines', '-h'],
        ['help', 'instr'], ['instr', '--help'], ['--version'], ['-V'], ['help', 'nope'], ['frobnicate', $json], ['top', $json, '--colour'],
        ['top', $json, '--limit=0'], []] as $args) {
    // No bench.so: --version must not need it.
    [$out, $err, $status] = report_run($args, false);
    $lines = explode("\n", trim($out));
    printf("%s: exit %d, stdout %s, stderr %s\n", implode(' ', array_map(fn($a) => $a === $json ? 'FILE' : $a, $args)) ?: '(nothing)', $status,
        $out === '' ? '-' : json_encode(str_replace($version[1], 'VERSION', $lines[0])) . sprintf(' (%d lines)', count($lines)),
        $err === '' ? '-' : json_encode(implode(' / ', array_slice(explode("\n", trim($err)), 0, 2)), JSON_UNESCAPED_SLASHES));
}
echo "== top --help lists top's options only\n";
[$out] = report_run(['top', '--help'], false);
foreach (['--sort=', '--raw', '--by=', '--since=', '--function=', '--icicle', '--thresholds=', '-o OUT'] as $option) {
    printf("%s: %s\n", $option, str_contains($out, "  $option") ? 'listed' : 'not listed');
}
[$out] = report_run(['help'], false);
echo "help names every command: ", implode(' ', array_filter(['top', 'flame', 'html', 'merge', 'diff', 'lines', 'instr'],
    fn($c) => preg_match("/^  $c /m", $out))), "\n";
?>
--EXPECT--
-h: exit 0, stdout "usage: bench COMMAND FILES... [OPTIONS]" (42 lines), stderr -
--help: exit 0, stdout "usage: bench COMMAND FILES... [OPTIONS]" (42 lines), stderr -
help: exit 0, stdout "usage: bench COMMAND FILES... [OPTIONS]" (42 lines), stderr -
help top: exit 0, stdout "usage: bench top FILES... [OPTIONS]" (21 lines), stderr -
top --help: exit 0, stdout "usage: bench top FILES... [OPTIONS]" (21 lines), stderr -
top FILE -h: exit 0, stdout "usage: bench top FILES... [OPTIONS]" (21 lines), stderr -
diff --help: exit 0, stdout "usage: bench diff BEFORE... -- AFTER... [OPTIONS]" (27 lines), stderr -
lines -h: exit 0, stdout "usage: bench lines FILES... [OPTIONS]" (23 lines), stderr -
help instr: exit 0, stdout "usage: bench instr [-o OUT.json] [--ext=bench.so] [--quiet] -- PHP [PHP ARGS] SCRIPT [ARGS]" (6 lines), stderr -
instr --help: exit 0, stdout "usage: bench instr [-o OUT.json] [--ext=bench.so] [--quiet] -- PHP [PHP ARGS] SCRIPT [ARGS]" (6 lines), stderr -
--version: exit 0, stdout "bench VERSION" (1 lines), stderr -
-V: exit 0, stdout "bench VERSION" (1 lines), stderr -
help nope: exit 2, stdout -, stderr "bench: help: unknown command \"nope\" / bench: see bench --help"
frobnicate FILE: exit 2, stdout -, stderr "bench: unknown command \"frobnicate\" / bench: see bench --help"
top FILE --colour: exit 2, stdout -, stderr "bench: unknown option --colour / bench: see bench top --help"
top FILE --limit=0: exit 2, stdout -, stderr "bench: --limit=0: an integer, at least 1 / bench: see bench top --help"
(nothing): exit 2, stdout -, stderr "usage: bench COMMAND FILES... [OPTIONS] / "
== top --help lists top's options only
--sort=: listed
--raw: listed
--by=: listed
--since=: listed
--function=: not listed
--icicle: not listed
--thresholds=: not listed
-o OUT: not listed
help names every command: top flame html merge diff lines instr
