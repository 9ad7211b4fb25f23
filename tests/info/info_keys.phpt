--TEST--
bench_info(): version, PHP version, mode, build features and every counter with its availability
--FILE--
<?php
$info = bench_info();
echo implode(',', array_keys($info)), "\n";
var_dump($info['version'] === phpversion('bench'), $info['php_version'] === PHP_VERSION, $info['mode']);
echo implode(',', array_keys($info['features'])), "\n";
foreach ($info['features'] as $name => $f) {
    // Each feature is there with its version, or absent with the reason.
    if (!is_bool($f['available']) || ($f['available'] ? !isset($f['version']) : !isset($f['reason']))) {
        echo "$name: bad entry\n";
    }
}
echo implode(',', array_keys($info['counters'])), "\n";
foreach ($info['counters'] as $name => $c) {
    if ($c['available'] !== !isset($c['reason'])) {
        echo "$name: reason must be given exactly when unavailable\n";
    }
}
// The counters are the metrics' keys.
var_dump(array_keys($info['counters']) === array_keys(bench_counters()));
var_dump($info['counters']['wall_ns']['available'], $info['counters']['allocs']['available']);
?>
--EXPECT--
version,php_version,mode,features,counters,disturbances,alloc_handlers,profiles
bool(true)
bool(true)
string(3) "off"
zstd,zlib,libunwind,perf_event,callgrind
wall_ns,cpu_ns,instructions,cycles,allocs,alloc_bytes,frees,freed_bytes,ops,retained_bytes
bool(true)
bool(true)
bool(true)
