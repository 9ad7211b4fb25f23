<?php
/*
 * Instructions per owner for the benchmark tools, from bin/bench instr
 * (valgrind's callgrind with bench.mode=instr, docs/instr.md): rank
 * --metric=instructions and run --instr run a subject's calls through
 * lib/rank_request.php under it and read each owner's own instructions.
 * They repeat exactly from run to run, so the difference between two
 * processes that make N and M calls is the work of the M - N calls, to the
 * instruction; compare and noise judge them per owner (lib/owners.php).
 */
require_once __DIR__ . '/results.php';

/*
 * Own instructions per owner of one process running rank_request.php FILE
 * NAME CALLS under bench instr. Left out: {request} (it moves by a few
 * instructions with the command line's length) and the harness's own
 * functions ({main} among them). A staged subject's path
 * (/tmp/bench-stage.XXXXXXXX/) is cut from closure names, which hold it, so
 * that two runs name the same closure alike.
 *
 * $flags are php's (-d extension=bench.so and what the subject needs);
 * $prefix comes before the command (taskset).
 * @return array<string, int>
 */
function bench_instr_owners(string $php, string $flags, string $harness, string $file, string $name, int $calls,
    string $prefix = ''): array
{
    $json = sys_get_temp_dir() . '/bench-instr-owners-' . getmypid() . '-' . bin2hex(random_bytes(4)) . '.json';
    // stderr only: the top owners that bench instr prints on stdout would hide why it failed. The count
    // has the same length in every process (000000001, 000000201): an argument's length changes what
    // some owners count (the router app's file body: 755,691 instructions with "1", 755,662 with
    // "000000001"; the htmlesc example's htmlesc_page: 146,485 a warm call against 147,138).
    // bench instr writes its profile with bench.so's writers: the report's PHP loads the one the subject runs with.
    // (bench's is the last extension that the flags load: the subject's own come first).
    $report = preg_match_all('/-d\s+\'?extension=\'?([^\s\']+)/', $flags, $so) ? '-d ' . escapeshellarg('extension=' . end($so[1])) : '';
    $cmd = sprintf('%s%s -n %s %s instr --quiet -o %s -- %s -n %s %s %s %s %09d 2>&1 >/dev/null', $prefix, escapeshellarg(PHP_BINARY), $report,
        escapeshellarg(dirname(__DIR__, 2) . '/bin/bench'), escapeshellarg($json), escapeshellarg($php), $flags,
        escapeshellarg($harness), escapeshellarg($file), escapeshellarg($name), $calls);
    exec($cmd, $lines, $status);
    $profile = is_file($json) ? json_decode((string) file_get_contents($json), true) : null;
    @unlink($json);
    @unlink(substr($json, 0, -5) . '.callgrind');
    // bench instr reports a command that failed (a wrong result, say) but still writes its profile.
    if ($status !== 0 || !is_array($profile) || preg_grep('/the command ended with status/', $lines)) {
        bench_fail("bench instr of $name ($calls calls) failed:\n  " . implode("\n  ", array_slice($lines, -10)));
    }
    $owners = [];
    foreach ($profile['functions'] as $f) {
        if ($f['name'] === '{request}' || str_starts_with((string) $f['file'], dirname($harness) . '/')) {
            continue;
        }
        $owner = preg_replace('~/tmp/bench-stage\.[0-9a-f]{8}/~', '', $f['name']);
        $owners[$owner] = ($owners[$owner] ?? 0) + $f['own']['instructions'];
    }
    return $owners;
}

/**
 * Per owner, (after - before) / calls: the instructions of the calls that
 * one process made more than the other. Owners at 0 are left out.
 * @return array<string, int|float>
 */
function bench_instr_difference(array $after, array $before, int $calls): array
{
    $per = [];
    foreach (array_keys($after + $before) as $owner) {
        $d = ($after[$owner] ?? 0) - ($before[$owner] ?? 0);
        if ($d !== 0) {
            $per[$owner] = $calls === 1 ? $d : $d / $calls;
        }
    }
    arsort($per);
    return $per;
}
