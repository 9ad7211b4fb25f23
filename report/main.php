<?php
/*
 * bench report: the command (bin/bench) that turns profiles into answers:
 * top, flame, html, merge, diff, lines, instr and serve. Needs PHP and the
 * bench extension, whose views every command reads (views.php) and whose
 * writers merge and instr write with; it reads zstd files too.
 */
namespace Bench\Report;

foreach (['profile', 'protobuf', 'read_pprof', 'read_text', 'read_json', 'input', 'options', 'model', 'requests', 'views',
        'format', 'load', 'top', 'flame', 'html', 'merge', 'noise', 'diff', 'lines', 'instr', 'serve', 'timeline'] as $part) {
    require_once __DIR__ . "/$part.php";
}

/** Runs the command line; returns the exit status (0, 1 when it failed, 2 for a bad command line). */
function main(array $argv): int
{
    // stdout closed by its reader (bench top | head): PHP's CLI ends the script at the next write with status 255. End
    // quietly instead, with the status of a Unix tool that a closed pipe ended (128 + SIGPIPE).
    register_shutdown_function(static function (): void {
        if (connection_aborted()) {
            exit(141);
        }
    });
    $first = $argv[1] ?? '';
    if (in_array($first, ['help', '--help', '-h'], true)) {
        return help($argv[2] ?? null);
    }
    if ($first === '--version' || $first === '-V') {
        echo 'bench ', bench_version(), "\n";
        return 0;
    }
    // instr runs a command, whose arguments are its own: it reads no profile of the command line.
    if ($first === 'instr') {
        return load_bench($argv, instr_extension(array_slice($argv, 2))) ?? command_instr(array_slice($argv, 2));
    }
    try {
        $o = Options::parse($argv);
    } catch (HelpRequest $e) {
        echo command_usage($e->getMessage());
        return 0;
    } catch (UsageError $e) {
        if ($e->getMessage() === '') {
            fwrite(STDERR, usage());
        } else {
            fwrite(STDERR, 'bench: ' . printable($e->getMessage()) . "\n" . usage_hint($argv) . "\n");
        }
        return 2;
    }
    // The command's own limit, whatever php.ini says (Debian's CLI has none): with it, a file too large to read is skipped
    // with its reason (memory_guard()) rather than taking the machine's memory or ending the command.
    ini_set('memory_limit', (string) $o->maxMemory);
    $status = load_bench($argv);
    if ($status !== null) {
        return $status;
    }
    // Every command reads its views from bench.so (views.php), merge writes with it: said before any profile is read.
    if (!function_exists('bench_internal_profile_views')) {
        fwrite(STDERR, 'bench: ' . BENCH_SO_NEEDED . "\n");
        return 1;
    }
    // What the commands print (not the files they write, even to stdout) goes to a terminal: see printable().
    ob_start(printable(...));
    try {
        return match ($o->command) {
            'top' => command_top($o),
            'flame' => command_flame($o),
            'html' => command_html($o),
            'merge' => command_merge($o),
            'diff' => command_diff($o),
            'lines' => command_lines($o),
            'serve' => command_serve($o),
        };
    } catch (ReadError | UsageError $e) {
        fwrite(STDERR, 'bench: ' . printable($e->getMessage()) . "\n");
        return $e instanceof UsageError ? 2 : 1;
    } finally {
        ob_end_flush();
    }
}

/** `bench help [COMMAND]`: the usage on stdout, exit status 0; 2 for a command that does not exist. */
function help(?string $command): int
{
    if ($command === null) {
        echo usage();
        return 0;
    }
    if (!isset(COMMANDS[$command])) {
        fwrite(STDERR, 'bench: help: unknown command "' . printable($command) . "\"\n" . usage_hint([]) . "\n");
        return 2;
    }
    echo $command === 'instr' ? INSTR_USAGE . "\n" : command_usage($command);
    return 0;
}

/** Where a bad command line is told where to look: its command's --help, or bench --help. */
function usage_hint(array $argv): string
{
    $command = $argv[1] ?? '';
    return 'bench: see ' . (isset(COMMANDS[$command]) ? "bench $command --help" : 'bench --help');
}

/**
 * bench's version, from the one place it is written, php_bench.h's
 * PHP_BENCH_VERSION: next to report/ in a checkout and where make install
 * puts the command; where PECL installed it, the package's version, which
 * PECL wrote into bin/bench (BENCH_PACKAGE_VERSION). bench.so need not be loaded.
 */
function bench_version(): string
{
    $header = @file_get_contents(dirname(__DIR__) . '/php_bench.h');
    if (is_string($header) && preg_match('/^#define PHP_BENCH_VERSION "([^"\n]+)"/m', $header, $m)) {
        return $m[1];
    }
    $package = defined('BENCH_PACKAGE_VERSION') ? (string) constant('BENCH_PACKAGE_VERSION') : '';
    return $package !== '' && !str_contains($package, '@') ? $package : 'unknown (no php_bench.h next to report/)';
}

/** Reads the profiles that arguments name into a side of a model; a ReadError when none could be. */
function load_set(array $args, Options $o, Model $m, int $side = 0, ?callable $also = null): LoadResult
{
    [$files, $problems, $notes] = expand_inputs($args, $o);
    foreach ($problems as $problem) {
        if ($o->strict) {
            throw new ReadError("$problem (--strict)");
        }
        fwrite(STDERR, 'bench: ' . printable($problem) . "\n");
    }
    foreach ($notes as $note) {
        say($o, $note);
    }
    if (!$files) {
        throw new ReadError('no profiles to read');
    }
    $result = load($files, $o, $m, $side, $also);
    report_load($result, $o);
    if ($result->read === 0) {
        throw new ReadError($result->filtered === count($files) - count($result->skipped) && $result->filtered
            ? sprintf('the filters left out all %s', plural($result->filtered, 'profile'))
            : sprintf('none of the %s gave a profile', plural(count($files), 'file')));
    }
    return $result;
}

/**
 * Where bench is not loaded: loads it with dl() from PHP's extension
 * directory, or runs this command again with $so (bench instr --ext) or the
 * bench.so built in this checkout (modules/, next to bin/). Returns that
 * run's exit status, or null to go on here (without bench, the command says
 * what it lacks: BENCH_SO_NEEDED).
 */
function load_bench(array $argv, ?string $so = null): ?int
{
    if (extension_loaded('bench') || getenv('BENCH_REPORT_RELOADED') !== false) {
        return null;
    }
    // The build named, or the one next to the command (a checkout's modules/), before the one installed in extension_dir.
    $so ??= dirname(__DIR__) . '/modules/bench.so';
    if (!is_file($so) && is_file(ini_get('extension_dir') . '/bench.so') && function_exists('dl') && ini_get('enable_dl') && @dl('bench.so')) {
        return null;
    }
    if (!is_file($so)) {
        return null;
    }
    $php = [PHP_BINARY];
    if (php_ini_loaded_file() === false && php_ini_scanned_files() === false) {
        $php[] = '-n';
    }
    $command = [...$php, '-d', "extension=$so", $argv[0], ...array_slice($argv, 1)];
    $proc = proc_open($command, [STDIN, STDOUT, STDERR], $pipes, null, getenv() + ['BENCH_REPORT_RELOADED' => '1']);
    return $proc === false ? null : proc_close($proc);
}

/** Writes an output file (- for stdout); a ReadError (the command fails) when it cannot. */
function write_output(string $path, string $data): void
{
    if ($path === '-') {
        fwrite(STDOUT, $data);
        return;
    }
    if (@file_put_contents($path, $data) === false) {
        throw new ReadError("cannot write $path (" . (error_get_last()['message'] ?? 'unknown error') . ')');
    }
}

/** A note for the user on stderr, unless --quiet. */
function say(Options $o, string $message): void
{
    if (!$o->quiet) {
        fwrite(STDERR, 'bench: ' . printable($message) . "\n");
    }
}
