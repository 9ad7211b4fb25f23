--TEST--
The terminal commands name counters as people do (wall time, allocations, allocated bytes, VM opcodes; under --raw with the unit of plain times), and --by still takes bench's names (wall_ns, allocs...)
--SKIPIF--
<?php
if (getenv('SKIP_PERF_SENSITIVE')) die('skip bin/bench\'s PHP under valgrind: report_fuzz and zstd_decompress check bench.so\'s part');
require __DIR__ . '/report.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/report.inc';
$json = report_profile('bench.titles.json');
foreach (['wall_ns', 'allocs', 'alloc_bytes', 'frees', 'freed_bytes', 'ops', 'calls'] as $by) {
    foreach ([[], ['--raw']] as $raw) {
        preg_match('/; by (.*), \S+(?: \S+)? in all/', report_out(['top', $json, "--by=$by", ...$raw]), $m);
        printf("top --by=%s%s: by %s\n", $by, $raw ? ' --raw' : '', $m[1] ?? '?');
    }
}
$out = report_out(['diff', $json, $json, '--raw']);
echo "diff counters: ", implode(', ', array_map(fn($l) => trim(preg_replace('/\s+[-+\d].*$/', '', $l)),
    preg_grep('/%\s+(noise|grown|shrunk)$/', explode("\n", $out)))), "\n";
$out = report_out(['lines', $json, '--by=ops', '--function=mid']);
echo preg_match('/^  (.*) at its lines:/m', $out, $m) ? $m[1] : $out, " at its lines\n";
?>
--EXPECT--
top --by=wall_ns: by wall time
top --by=wall_ns --raw: by wall time (ns)
top --by=allocs: by allocations
top --by=allocs --raw: by allocations
top --by=alloc_bytes: by allocated bytes
top --by=alloc_bytes --raw: by allocated bytes
top --by=frees: by frees
top --by=frees --raw: by frees
top --by=freed_bytes: by freed bytes
top --by=freed_bytes --raw: by freed bytes
top --by=ops: by VM opcodes
top --by=ops --raw: by VM opcodes
top --by=calls: by calls
top --by=calls --raw: by calls
diff counters: wall time (ns), allocations, allocated bytes, frees, freed bytes, VM opcodes, calls
VM opcodes at its lines
