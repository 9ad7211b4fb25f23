--TEST--
Sample mode: the ticker reads the frames of the VM stack's first page directly and copies those of a deep stack's later pages; usleep is the leaf of its samples either way
--DESCRIPTION--
Zend MM's first chunk stays mapped for the life of the process, and the VM
stack's first page lies in it: the ticker reads a frame there without a
system call. A stack 40,000 calls deep (about 5 MB of frames, more than the
2 MB chunk) runs on later pages of the VM stack, outside it, and the ticker
copies those frames with process_vm_readv. strace counts the copies: only
bench's probe at startup for the shallow script; at least 5 for the deep one
(200 ms in usleep, a tick every 10 ms: some 20 ticks, each copying a frame or two). usleep owns at least 90% of nap's
samples in both (the threshold of sample_leaf: only a tick landing in nap's
own few opcodes could go elsewhere).
--SKIPIF--
<?php require __DIR__ . '/sample.inc'; profile_skip();
if (trim((string) shell_exec('command -v strace')) === '') die('skip strace not installed');
if (trim((string) shell_exec('strace -f -qq -o /dev/null true 2>&1; echo $?')) !== '0') die('skip strace cannot trace here');
if (PHP_ZTS) die('skip ZTS: the ticker copies every frame');
$how = shell_exec(sprintf('%s -n -d extension=%s -d bench.mode=sample -r %s 2>&1', escapeshellarg(PHP_BINARY),
    escapeshellarg(getenv('BENCH_SO')), escapeshellarg('echo bench_info()["sample"]["internal_calls"];')));
if (!str_starts_with((string) $how, 'frames noted by the ticker')) die("skip the ticker notes no frames here: $how"); ?>
--FILE--
<?php
require __DIR__ . '/sample.inc';
$scripts = [
    'shallow' => 'nap();',
    'deep' => 'function deep($n) { return $n ? deep($n - 1) : nap(); } deep(40000);',
];
foreach ($scripts as $label => $call) {
    $log = sys_get_temp_dir() . '/bench-frames-read-' . getmypid();
    $run = sample_run("<?php\nfunction nap() { usleep(200000); }\n$call\necho \"done\\n\";\n", [], 'folded', [],
        ['strace', '-f', '-qq', '-e', 'trace=process_vm_readv', '-o', $log]);
    $copies = preg_match_all('/process_vm_readv\(/', (string) file_get_contents($log));
    unlink($log);
    $nap = $usleep = 0;
    foreach (sample_folded(current($run['files']) ?: '') as $path => $weight) {
        $nap += str_contains("$path;", ';nap;') ? $weight : 0;
        $usleep += str_ends_with($path, ';nap;usleep') ? $weight : 0;
    }
    echo "$label: ", $run['output'], "\n";
    printf("copies: %s\n", $label === 'shallow' ? ($copies === 1 ? 'the probe only' : "$copies")
        : ($copies >= 5 ? 'at least 5' : "$copies"));
    printf("usleep owns >= 90%% of nap: %s\n", $nap >= 150e6 && $usleep >= 0.9 * $nap ? 'yes' : "no ($usleep of $nap)");
}
?>
--EXPECT--
shallow: done
copies: the probe only
usleep owns >= 90% of nap: yes
deep: done
copies: at least 5
usleep owns >= 90% of nap: yes
