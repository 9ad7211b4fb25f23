<?php
/*
 * bench instr: instructions per owner, exact, on any machine. Runs a PHP
 * command under valgrind's callgrind with bench.mode=instr (src/instr/): each
 * node of the request's call tree runs through a C function of its own
 * (bench_instr_tXXXX), whose inclusive instructions callgrind counts. A node's
 * own instructions are its inclusive ones less its children's; bench's own
 * work is not collected. Writes a JSON profile with an "instructions" counter
 * that every other command reads, and the callgrind file with the PHP
 * functions named among the C functions they ran.
 */
namespace Bench\Report;

const INSTR_USAGE = <<<'TXT'
usage: bench instr [-o OUT.json] [--ext=bench.so] [--quiet] -- PHP [PHP ARGS] SCRIPT [ARGS]

Runs the command under valgrind's callgrind (about 50 times slower than PHP) with bench.mode=instr,
and writes OUT.json (default bench.instr.json): the script's instructions per function, exact, with
the top owners on stdout, and OUT.callgrind: callgrind's file with the PHP functions by name.
One request: the CLI, or php-cgi without -T.
TXT;

/** A node's trampoline, as callgrind names it: its index in hex. */
const INSTR_TRAMPOLINE = '/^bench_instr_t([0-9a-f]{4})$/';

/** bench's hooks, by the kind of frame the side file counts per node: user frames, internal calls. */
const INSTR_HOOKS = ['bench_instr_execute_ex', 'bench_instr_execute_internal'];

/** What runs a frame from a trampoline, by the kind of frame (src/instr/instr.c). */
const INSTR_RUNNERS = ['bench_instr_run_user', 'bench_instr_run_internal'];

/** The same trampoline called inside itself: for a frame that owns nothing (callgrind's recursion level 2 and deeper). */
const INSTR_AGAIN = "/^bench_instr_t([0-9a-f]{4})'\\d+$/";

function command_instr(array $args): int
{
    $out = 'bench.instr.json';
    $ext = null;
    $quiet = false;
    while ($args && $args[0] !== '--') {
        $arg = array_shift($args);
        if ($arg === '-o' && $args) {
            $out = array_shift($args);
        } elseif (str_starts_with($arg, '--ext=')) {
            $ext = substr($arg, 6);
        } elseif ($arg === '--quiet') {
            $quiet = true;
        } else {
            if ($arg === '--help' || $arg === '-h') {
                echo INSTR_USAGE, "\n";
                return 0;
            }
            fwrite(STDERR, "bench: instr: unknown option $arg\nbench: see bench instr --help\n");
            return 2;
        }
    }
    array_shift($args);
    if (!$args) {
        fwrite(STDERR, "bench: instr: no command after --\n" . INSTR_USAGE . "\n");
        return 2;
    }
    // Said before the command runs under valgrind for minutes, not after.
    if (!function_exists('bench_internal_write_profile')) {
        fwrite(STDERR, 'bench: instr: ' . BENCH_SO_NEEDED . "\n");
        return 1;
    }
    if (!str_ends_with($out, '.json')) {
        fwrite(STDERR, "bench: instr: -o $out: a .json file\n");
        return 2;
    }
    $dir = sys_get_temp_dir() . '/bench-instr-' . getmypid() . '-' . bin2hex(random_bytes(4));
    if (!@mkdir($dir, 0700)) {
        fwrite(STDERR, "bench: instr: cannot make $dir\n");
        return 1;
    }
    try {
        $status = instr_run($args, $ext, $dir);
        [$tree, $callgrind] = instr_files($dir);
        $profile = instr_profile($tree, file_get_contents($callgrind), $callgrind, $overhead);
        $m = new Model(1);
        $m->add($profile);
        $json = json_decode(write_profile($m, 'json', $tree['command'], chosen_counter($m, null), 0), true);
        $json['bench'] = 'instr';
        // As profile mode writes it: what the owners own plus bench's own (overhead) is the request's total.
        $json['overhead'] = ['instructions' => $overhead];
        $json['totals']['instructions'] = ($json['totals']['instructions'] ?? 0) + $overhead;
        write_output($out, json_encode($json, JSON_UNESCAPED_SLASHES | JSON_INVALID_UTF8_SUBSTITUTE | JSON_THROW_ON_ERROR) . "\n");
        $named = substr($out, 0, -5) . '.callgrind';
        write_output($named, instr_named_callgrind(file_get_contents($callgrind), $tree['nodes']));
        if (!$quiet) {
            $outside = $profile->own[0][0] ?? 0;
            $total = array_sum(array_map(fn($own) => $own[0] ?? 0, $profile->own)) + $overhead;
            fwrite(STDERR, sprintf("bench: %s instructions in the request, %s (%.2f%%) in no PHP function, %s (%.2f%%) bench's own (overhead)%s; %s, %s (callgrind, PHP functions named)\n",
                number_format($total), number_format($outside), $total ? 100 * $outside / $total : 0, number_format($overhead), $total ? 100 * $overhead / $total : 0,
                $tree['folded'] ? sprintf(', %s calls past %s nodes run in their callers', number_format($tree['folded']), number_format(INSTR_NODES)) : '',
                $out, $named));
        }
        if ($status !== 0) {
            fwrite(STDERR, "bench: instr: the command ended with status $status\n");
        }
        return main(['bench', 'top', $out, '--by=instructions', ...($quiet ? ['--quiet'] : [])]);
    } catch (ReadError $e) {
        fwrite(STDERR, 'bench: instr: ' . printable($e->getMessage()) . "\n");
        return 1;
    } finally {
        array_map('unlink', glob("$dir/*") ?: []);
        rmdir($dir);
    }
}

/** The bench.so that --ext names among instr's arguments (before --), or null. */
function instr_extension(array $args): ?string
{
    foreach ($args as $arg) {
        if ($arg === '--') {
            break;
        }
        if (str_starts_with($arg, '--ext=')) {
            return substr($arg, 6);
        }
    }
    return null;
}

/** How many nodes have a trampoline (src/instr/instr.c): a call past them runs in its caller's. */
const INSTR_NODES = 4096;

/** Runs the command under callgrind, bench.mode=instr; its status. */
function instr_run(array $command, ?string $ext, string $dir): int
{
    $php = array_shift($command);
    $settings = ['bench.mode=instr', "bench.output_dir=$dir"];
    if ($ext !== null) {
        array_unshift($settings, "extension=$ext");
    }
    $argv = ['valgrind', '-q', '--tool=callgrind', '--collect-atstart=no', "--callgrind-out-file=$dir/callgrind.%p", $php];
    foreach ($settings as $setting) {
        array_push($argv, '-d', $setting);
    }
    $proc = proc_open([...$argv, ...$command], [0 => STDIN, 1 => STDOUT, 2 => STDERR], $pipes);
    if (!is_resource($proc)) {
        throw new ReadError('cannot run valgrind (apt-get install valgrind)');
    }
    return proc_close($proc);
}

/** The side file bench wrote and callgrind's file, of the one request. */
function instr_files(string $dir): array
{
    $trees = glob("$dir/bench.instr.*.tsv") ?: [];
    $callgrinds = glob("$dir/callgrind.*") ?: [];
    if (count($trees) !== 1 || count($callgrinds) !== 1) {
        throw new ReadError(sprintf('expected one request in one process, got %d request(s) in %d process(es): '
            . 'is bench loaded (--ext=PATH), and is this one request (the CLI, or php-cgi without -T)?', count($trees), count($callgrinds)));
    }
    $lines = explode("\n", rtrim(file_get_contents($trees[0]), "\n"));
    if (!preg_match('/^# bench instr 2\tfolded (\d+)\t(.*)$/', array_shift($lines), $head)) {
        throw new ReadError('not a side file of bench.mode=instr');
    }
    if (!preg_match('/^# end (\d+)$/', (string) array_pop($lines), $end) || (int) $end[1] !== count($lines)) {
        throw new ReadError('the side file of bench.mode=instr was cut short');
    }
    $nodes = [];
    foreach ($lines as $line) {
        $f = explode("\t", $line);
        if (count($f) !== 8 || (int) $f[0] !== count($nodes) || (int) $f[1] >= (int) $f[0]) {
            throw new ReadError('a broken line in the side file of bench.mode=instr');
        }
        $nodes[] = ['parent' => (int) $f[1], 'calls' => (int) $f[2], 'name' => $f[3], 'file' => $f[4], 'line' => (int) $f[5],
            'hooked' => [(int) $f[6], (int) $f[7]]];
    }
    return [['folded' => (int) $head[1], 'command' => $head[2], 'nodes' => $nodes], $callgrinds[0]];
}

/**
 * The profile: per node, the inclusive instructions of what its trampoline
 * called (every call of its function, as PHP would have made it) less its
 * children's and bench's own. The root ({request}) has the request's
 * instructions outside any PHP function, and bench's.
 */
function instr_profile(array $tree, string $text, string $file, ?int &$overhead = null): Profile
{
    $cg = read_callgrind($text, $file);
    $ir = array_search('Ir', $cg->counters, true);
    if ($ir === false) {
        throw new ReadError("$file has no Ir (instructions) event");
    }
    // bench's own instructions are read from the calls, as the nodes' are (a function's: what calls to it
    // cost less what it called). Per function, by its name without callgrind's recursion level ("'2"):
    // what calls to it cost, what it called, and how many calls it had.
    $into = $from = $calls = [];
    $base = fn(int $f): string => preg_replace("/'\\d+$/", '', $cg->funcs[$f][0]);
    foreach ($cg->edges as [$caller, $callee, $count, $costs]) {
        $into[$base($callee)] = ($into[$base($callee)] ?? 0) + ($costs[$ir] ?? 0);
        $from[$base($caller)] = ($from[$base($caller)] ?? 0) + ($costs[$ir] ?? 0);
        $calls[$base($callee)] = ($calls[$base($callee)] ?? 0) + $count;
    }
    // Each hook and each runner runs the same instructions of its own in every call: per frame, so many.
    $per = [];
    $seen = [INSTR_HOOKS[0] => 0, INSTR_HOOKS[1] => 0] + array_fill_keys(INSTR_RUNNERS, null);
    foreach ($tree['nodes'] as $node) {
        $seen[INSTR_HOOKS[0]] += $node['hooked'][0];
        $seen[INSTR_HOOKS[1]] += $node['hooked'][1];
    }
    foreach ($seen as $f => $frames) {
        $frames ??= $calls[$f] ?? 0;
        $self = ($into[$f] ?? 0) - ($from[$f] ?? 0);
        if ($frames > 0 && $self % $frames !== 0) {
            fwrite(STDERR, sprintf("bench: instr: %s ran %s instructions for %s frames, not the same per frame: own instructions are off by up to %s\n",
                $f, number_format($self), number_format($frames), number_format($self)));
        }
        $per[$f] = $frames > 0 ? intdiv($self, $frames) : 0;
    }
    // Per node: what its trampoline's runner ran (its frames, as PHP would have run them); bench's in it:
    // its trampoline called again for frames that own nothing ("'2"), all but those frames' work, and its
    // hooks' own per frame they saw; and what calls to its children's trampolines cost. The root has the rest: what
    // ran in no PHP function, and bench's own instructions.
    $ran = $again = $inclusive = [];
    $overhead = 0;
    foreach ($cg->edges as [$caller, $callee, $count, $costs]) {
        $runner = $base($callee);
        if (!in_array($runner, INSTR_RUNNERS, true)) {
            if (preg_match(INSTR_TRAMPOLINE, $cg->funcs[$callee][0], $hex)) {
                $inclusive[hexdec($hex[1])] = ($inclusive[hexdec($hex[1])] ?? 0) + ($costs[$ir] ?? 0);
            } elseif (preg_match(INSTR_AGAIN, $cg->funcs[$callee][0], $hex)) {
                $again[hexdec($hex[1])] = ($again[hexdec($hex[1])] ?? 0) + ($costs[$ir] ?? 0);
            }
            continue;
        }
        // The frames' own work, without the runner's.
        $work = ($costs[$ir] ?? 0) - $count * $per[$runner];
        $overhead += $count * $per[$runner];
        if (preg_match(INSTR_TRAMPOLINE, $cg->funcs[$caller][0], $hex)) {
            $ran[hexdec($hex[1])] = ($ran[hexdec($hex[1])] ?? 0) + $work;
        } elseif (preg_match(INSTR_AGAIN, $cg->funcs[$caller][0], $hex)) {
            $again[hexdec($hex[1])] = ($again[hexdec($hex[1])] ?? 0) - $work;
        }
    }
    $total = $cg->totals['Ir'] ?? 0;
    $own = array_fill(0, count($tree['nodes']), 0);
    foreach ($tree['nodes'] as $n => $node) {
        if ($n > 0) {
            $hooks = $node['hooked'][0] * $per[INSTR_HOOKS[0]] + $node['hooked'][1] * $per[INSTR_HOOKS[1]];
            $own[$n] += ($ran[$n] ?? 0) - ($again[$n] ?? 0) - $hooks;
            $own[$node['parent']] -= $inclusive[$n] ?? 0;
            $overhead += ($again[$n] ?? 0) + $hooks;
        }
    }
    // bench's own (its hooks', its runners' and its trampolines called again) is overhead, no owner's; the root has the rest.
    $own[0] = $total - array_sum(array_slice($own, 1)) - $overhead;
    $p = new Profile($file, 'json');
    $p->meta = ['mode' => 'profile', 'uri' => $tree['command'], 'script' => $tree['command']];
    $p->addCounter('instructions', 'count');
    $p->totals['instructions'] = $total;
    $p->startPaths();
    $index = $children = $nodes = [];
    foreach ($tree['nodes'] as $n => $node) {
        $func = $p->funcIndex($index, $node['name'], $node['file'], $node['line']);
        $nodes[$n] = $p->node($children, $n === 0 ? -1 : $nodes[$node['parent']], $func);
        $p->addTo($nodes[$n], $node['calls'], [$own[$n]]);
    }
    return $p;
}

/** Callgrind's file with each trampoline named after its node's PHP function ("php: NAME"). */
function instr_named_callgrind(string $text, array $nodes): string
{
    return preg_replace_callback('/\bbench_instr_t([0-9a-f]{4})\b/', function (array $m) use ($nodes): string {
        $node = $nodes[hexdec($m[1])] ?? null;
        return $node === null ? $m[0] : 'php: ' . $node['name'];
    }, $text);
}
