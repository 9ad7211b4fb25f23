--TEST--
Sample mode output: JSON with the request's metadata, callgrind read by callgrind_annotate, pprof decoded with protoc and pprof's profile.proto
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; sample_mode_skip(); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$code = <<<'PHP'
<?php
function nap() { usleep(100000); }
nap();
PHP;
$profile = profile_json(sample_run($code, [], 'json'));
printf("mode %s, interval %d us, clock %s, samples > 0: %s\n", $profile['mode'], $profile['interval_us'], $profile['clock'],
    $profile['samples'] > 0 ? 'yes' : 'no');
$r = $profile['request'];
printf("request: method '%s', status %d, duration >= 100 ms: %s, peak memory > 0: %s\n", $r['method'], $r['status'],
    $r['duration_ns'] >= 100e6 ? 'yes' : 'no', $r['peak_memory'] > 0 ? 'yes' : 'no');
printf("usleep own = its samples' weight: %s\n", profile_function($profile, 'usleep')['own']['wall_ns'] >= 90e6 ? 'yes' : 'no');

$run = sample_run($code, [], 'callgrind');
$file = tempnam(sys_get_temp_dir(), 'bench-cg');
file_put_contents($file, current($run['files']));
$annotated = shell_exec('callgrind_annotate ' . escapeshellarg($file) . ' 2>&1');
unlink($file);
echo preg_match('/^\s*([\d,]+) .*usleep/m', (string) $annotated, $m) && (int) str_replace(',', '', $m[1]) >= 90e6
    ? "callgrind_annotate: usleep >= 90 ms\n" : $annotated;

$proto = '/usr/share/gocode/src/github.com/google/pprof/proto/profile.proto';
if (!is_file($proto) || trim((string) shell_exec('command -v protoc')) === '') {
    echo "pprof: skipped (protoc or profile.proto not installed)\n";
    return;
}
$run = sample_run($code, [], 'pprof');
$file = tempnam(sys_get_temp_dir(), 'bench-pb');
file_put_contents($file, current($run['files']));
$decoded = shell_exec(sprintf('cd %s && protoc --decode=perftools.profiles.Profile profile.proto < %s 2>&1',
    escapeshellarg(dirname($proto)), escapeshellarg($file)));
// Google's pprof itself, where scripts/test could build it from Debian's Go sources.
$pprof = getenv('PPROF');
$top = $pprof && is_executable($pprof) ? shell_exec(escapeshellarg($pprof) . ' -top ' . escapeshellarg($file) . ' 2>&1') : null;
unlink($file);
preg_match_all('/string_table: "(.*)"/', (string) $decoded, $strings);
$strings = $strings[1];
preg_match_all('/period: (\d+)/', (string) $decoded, $period);
echo "pprof strings: ", implode(', ', array_slice($strings, 1, 4)), "\n";
echo "pprof period: ", $period[1][0] ?? '-', "\n";
echo "pprof has usleep, nap, {main}: ", count(array_intersect(['usleep', 'nap', '{main}'], $strings)) === 3 ? 'yes' : 'no', "\n";
if ($top === null) {
    echo "pprof -top: not built here\n";
} else {
    // "      flat  flat%   sum%        cum   cum%" then the functions by flat time.
    preg_match('/flat%.*\n\s*\S+\s+\S+\s+\S+\s+\S+\s+\S+\s+(\S+)/', $top, $m);
    echo 'pprof -top: ', ($m[1] ?? '') === 'usleep' ? 'usleep first' : $top, "\n";
}
?>
--EXPECTF--
mode sample, interval 10000 us, clock wall, samples > 0: yes
request: method '', status 0, duration >= 100 ms: yes, peak memory > 0: yes
usleep own = its samples' weight: yes
callgrind_annotate: usleep >= 90 ms
pprof strings: samples, count, wall, nanoseconds
pprof period: 10000000
pprof has usleep, nap, {main}: yes
%rpprof -top: (usleep first|not built here)%r
