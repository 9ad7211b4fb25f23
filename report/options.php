<?php
/*
 * bench report: the command line.
 */
namespace Bench\Report;

/** A command line that cannot be run: its message and the usage go to stderr, exit status 2. */
final class UsageError extends \RuntimeException
{
}

/** --help (or -h) among a command's arguments: its usage goes to stdout, exit status 0. */
final class HelpRequest extends \RuntimeException
{
}

/**
 * The commands: what each is for and its synopsis. `bench help` lists them;
 * `bench COMMAND --help` gives one with the options it takes (OPTIONS).
 */
const COMMANDS = [
    'top' => ['top FILES...', 'the owners with the most cost, in the terminal'],
    'flame' => ['flame FILES... -o OUT.svg', 'an interactive flame graph'],
    'html' => ['html FILES... -o OUT.html', 'a report: flame graph, top table, callers and callees, requests, endpoints'],
    'merge' => ['merge FILES... -o OUT', 'one profile of many: OUT ends in .pb.gz, .pb, .callgrind, .folded or .json (.gz too)'],
    'diff' => ['diff BEFORE... -- AFTER...', 'what changed (two arguments need no "--"); -o OUT.svg or OUT.html as well'],
    'lines' => ['lines FILES...', 'a function\'s source with the cost of each line (sample mode, or ops per line)'],
    'instr' => ['instr -- php SCRIPT [ARGS]', 'run it under callgrind: exact instructions per function'],
    'serve' => ['serve DIR [--listen=ADDR:PORT]', 'a local page over DIR\'s profiles: list, filter, open, merge, diff'],
];

/** Commands that read profiles take every option of OPTIONS whose list is null. */
const OPTIONS = [
    ['-o OUT', 'the file to write (- for stdout)', ['flame', 'html', 'merge', 'diff']],
    ['--by=COUNTER', 'wall_ns, cpu_ns, instructions, allocs, alloc_bytes, ops, live_bytes, calls (samples), ...', ['top', 'flame', 'html', 'merge', 'diff', 'lines']],
    ['--limit=N', 'top and diff: rows (default 25); lines: functions (default 5)', ['top', 'diff', 'lines']],
    ['--function=PATTERN', 'lines: the functions named so (a shell pattern, e.g. \'App\Router::*\')', ['lines']],
    ['--sort=own|inclusive|calls', 'top: the order (default own)', ['top']],
    ['--icicle', 'flame: the root at the top', ['flame', 'diff']],
    ['--width=PX', 'flame: width (default 1200)', ['flame', 'diff']],
    ['--min-width=PX', 'flame: frames narrower than this are coalesced (default 0.2)', ['flame', 'diff']],
    ['--title=TEXT', 'flame and html: the title', ['flame', 'html', 'diff']],
    ['--since=TIME --until=TIME', 'only profiles taken in that time (anything strtotime() reads, UTC)', null],
    ['--uri=PATTERN', 'only requests whose URI (or script) matches a shell pattern, e.g. \'/api/*\'', null],
    ['--endpoint=PATTERN', "only requests of endpoints that match, e.g. 'GET /products/*': the application's\n"
        . 'endpoint label (bench_label()), else the method and the URI with its ids as {id}', null],
    ['--min-duration=D', 'only requests that took at least D (e.g. 50ms, 1.5s)', null],
    ['--mode=profile|sample', 'only profiles of that mode', null],
    ['--folded-counter=C', 'the counter that folded files hold (default: the one in their name, else wall_ns)', null],
    ['--thresholds=FILE', 'diff: noise thresholds from benchmarks/noise (results/noise.json)', ['diff']],
    ['--all', 'diff: the changes within the noise too', ['diff']],
    ['--raw', 'top, diff and lines: plain integers (no thousands separators), no units', ['top', 'diff', 'lines']],
    ['--strict', 'a file that cannot be read fails the command (else it is skipped, with the reason)', null],
    ['--max-size=BYTES', 'skip files larger than this once decompressed (default 32M)', null],
    ['--max-memory=BYTES', 'the command\'s memory limit (default 1G); a file that would take more than 40% of what is left is skipped', null],
    ['--owner=USER,...|any', 'directories and globs: profiles of these owners too (default: only the user\'s own)', null],
    ['--source-root=DIR', 'the source views may read files under DIR too (besides each own profile\'s script directory)', ['html', 'lines']],
    ['--no-source', 'read no source file', ['html', 'lines']],
    ['--quiet', 'no progress and no notes on stderr', null],
    ['--listen=HOST:PORT', 'serve: where the page listens (default 127.0.0.1:8080; another address opens it to others)', ['serve']],
];

/** `bench help`: every command and option. */
function usage(): string
{
    $out = "usage: bench COMMAND FILES... [OPTIONS]\n\n";
    foreach (COMMANDS as $name => [$synopsis, $what]) {
        $out .= sprintf("  %-30s  %s\n", $synopsis, $what);
    }
    $out .= "\nFILES are profiles (callgrind, folded, JSON, pprof; plain, gzip or zstd), directories of them, or globs.\n\n";
    $out .= options_text(array_filter(OPTIONS, fn($o) => $o[0] !== '-o OUT'));
    return $out . "\n  -h, --help          this; bench COMMAND --help: a command's own options\n  -V, --version       bench's version\n";
}

/** `bench help COMMAND`, `bench COMMAND --help`: what it does, and the options it takes. */
function command_usage(string $command): string
{
    [$synopsis, $what] = COMMANDS[$command];
    return sprintf("usage: bench %s [OPTIONS]\n\n%s.\n\n", $synopsis, ucfirst($what))
        . options_text(array_filter(OPTIONS, fn($o) => $o[2] === null || in_array($command, $o[2], true)))
        . "  -h, --help          this\n";
}

function options_text(array $options): string
{
    $out = '';
    foreach ($options as [$option, $what]) {
        $lines = explode("\n", $what);
        $out .= sprintf(strlen($option) < 18 ? "  %-18s  %s\n" : "  %s  %s\n", $option, array_shift($lines));
        foreach ($lines as $more) {
            $out .= str_repeat(' ', 22) . "$more\n";
        }
    }
    return $out;
}

final class Options
{
    public string $command = '';
    public array $files = [];
    /** diff: the second set */
    public array $after = [];
    public ?string $out = null;
    /** serve: where the page listens */
    public string $listen = '127.0.0.1:8080';
    /** the options as given (serve's pages read profiles with them) */
    public array $optionArgs = [];
    public ?string $by = null;
    public int $limit = 25;
    public bool $limitSet = false;
    /** lines: a shell pattern for the functions to list */
    public ?string $function = null;
    public string $sort = 'own';
    public bool $icicle = false;
    public float $width = 1200;
    public float $minWidth = 0.2;
    public ?string $title = null;
    public ?int $since = null;
    public ?int $until = null;
    public ?string $uri = null;
    public ?string $endpoint = null;
    public ?int $minDuration = null;
    public ?string $mode = null;
    /** the counter folded files hold; null: what their name says (bench.*.COUNTER.folded), else wall_ns */
    public ?string $foldedCounter = null;
    public ?string $thresholds = null;
    public bool $all = false;
    public bool $raw = false;
    public bool $strict = false;
    /**
     * 32 MiB: twice the largest profile bench writes with its default caps
     * (100,000 call paths), and what a reader goes through in under 5 s of
     * CPU here, whatever the file (a few KB of zstd can be any size inside).
     */
    public int $maxSize = 32 << 20;
    /** the memory limit of the command */
    public int $maxMemory = 1 << 30;
    /** --owner: the uids whose profiles directories and globs give besides the user's own; null for anyone's */
    public ?array $owners = [];
    /** --source-root: directories (real paths) under which the source views may read the files of trusted profiles */
    public array $sourceRoots = [];
    /** --no-source: no source file is read */
    public bool $source = true;
    public bool $quiet = false;

    /** Options that take a value, and the setter of each. */
    private const VALUED = ['listen', 'o', 'out', 'by', 'limit', 'function', 'sort', 'width', 'min-width', 'title', 'since', 'until', 'uri', 'endpoint',
        'min-duration', 'mode', 'folded-counter', 'thresholds', 'max-size', 'max-memory',
        'owner', 'source-root'];

    public static function parse(array $argv): self
    {
        $o = new self();
        $args = array_slice($argv, 1);
        $o->command = (string) array_shift($args);
        if (!in_array($o->command, ['top', 'flame', 'html', 'merge', 'diff', 'lines', 'serve'], true)) {
            throw new UsageError($o->command === '' ? '' : "unknown command \"{$o->command}\"");
        }
        $positional = [[]];
        for ($i = 0; $i < count($args); $i++) {
            $arg = $args[$i];
            if ($arg === '--help' || $arg === '-h') {
                throw new HelpRequest($o->command);
            } elseif ($arg === '--') {
                $positional[] = [];
            } elseif (preg_match('/^--?([a-z-]+)(?:=(.*))?$/s', $arg, $m) && ($arg[1] === '-' || $m[1] === 'o' || $m[1] === 'q')) {
                $value = $m[2] ?? null;
                if (in_array($m[1], self::VALUED, true) && $value === null) {
                    if (!isset($args[$i + 1])) {
                        throw new UsageError("--{$m[1]} needs a value");
                    }
                    $value = $args[++$i];
                }
                $o->set($m[1], $value);
                // What serve's pages read profiles with: the options but where to listen.
                if ($m[1] !== 'listen') {
                    array_push($o->optionArgs, ...($value === null ? [$arg] : ["--{$m[1]}=$value"]));
                }
            } else {
                $positional[count($positional) - 1][] = $arg;
            }
        }
        $o->takeFiles($positional);
        return $o;
    }

    private function takeFiles(array $positional): void
    {
        if ($this->command === 'diff') {
            if (count($positional) === 1 && count($positional[0]) === 2) {
                $positional = [[$positional[0][0]], [$positional[0][1]]];
            }
            if (count($positional) !== 2 || !$positional[0] || !$positional[1]) {
                throw new UsageError('diff needs two sets: BEFORE -- AFTER (or two arguments, each a file, directory or glob)');
            }
            [$this->files, $this->after] = $positional;
            return;
        }
        if (count($positional) > 1) {
            throw new UsageError('"--" separates the two sets of diff only');
        }
        $this->files = $positional[0];
        if (!$this->files) {
            throw new UsageError("{$this->command} needs profiles: files, directories or globs");
        }
        if (in_array($this->command, ['flame', 'html', 'merge'], true) && $this->out === null) {
            throw new UsageError("{$this->command} needs -o OUT");
        }
        // What is written is what the name says: an SVG named .png opens nowhere.
        $kinds = ['flame' => ['.svg'], 'html' => ['.html', '.htm']][$this->command] ?? null;
        if ($kinds && $this->out !== '-' && !array_filter($kinds, fn($k) => str_ends_with(strtolower($this->out), $k))) {
            throw new UsageError("-o {$this->out}: {$this->command} writes " . ($this->command === 'flame' ? 'an SVG (.svg)' : 'HTML (.html)'));
        }
    }

    private function set(string $name, ?string $value): void
    {
        match ($name) {
            'o', 'out' => $this->out = $value,
            'by' => $this->by = $value,
            'limit' => [$this->limit = self::integer($name, $value, 1), $this->limitSet = true],
            'function' => $this->function = $value,
            'sort' => $this->sort = self::oneOf($name, $value, ['own', 'inclusive', 'calls']),
            'icicle' => $this->icicle = true,
            'width' => $this->width = self::integer($name, $value, 100),
            'min-width' => $this->minWidth = self::number($name, $value),
            'title' => $this->title = $value,
            'since' => $this->since = self::time($name, $value),
            'until' => $this->until = self::time($name, $value),
            'uri' => $this->uri = $value,
            'endpoint' => $this->endpoint = $value,
            'min-duration' => $this->minDuration = self::duration($name, $value),
            'mode' => $this->mode = self::oneOf($name, $value, ['profile', 'sample']),
            'folded-counter' => $this->foldedCounter = $value,
            'thresholds' => $this->thresholds = $value,
            'all' => $this->all = true,
            'raw' => $this->raw = true,
            'strict' => $this->strict = true,
            'max-size' => $this->maxSize = self::size($name, $value),
            'max-memory' => $this->maxMemory = max(64 << 20, self::size($name, $value)),
            'owner' => $this->owners = self::owners($name, $value),
            'source-root' => $this->sourceRoots[] = self::directory($name, $value),
            'no-source' => $this->source = false,
            'quiet', 'q' => $this->quiet = true,
            'listen' => $this->listen = self::listen($name, $value),
            default => throw new UsageError("unknown option --$name"),
        };
        if (!in_array($name, self::VALUED, true) && $value !== null) {
            throw new UsageError("--$name takes no value");
        }
    }

    /** serve's address: HOST:PORT, the host a name or an IPv4 address (127.0.0.1 unless the user opens it wider). */
    private static function listen(string $name, string $value): string
    {
        if (!preg_match('/^[A-Za-z0-9.-]+:\d{1,5}$/', $value) || (int) substr($value, strrpos($value, ':') + 1) > 65535) {
            throw new UsageError("--$name=$value: HOST:PORT, e.g. 127.0.0.1:8080");
        }
        return $value;
    }

    private static function integer(string $name, string $value, int $min): int
    {
        if ((string) (int) $value !== $value || (int) $value < $min) {
            throw new UsageError("--$name=$value: an integer, at least $min");
        }
        return (int) $value;
    }

    private static function number(string $name, string $value): float
    {
        if (!is_numeric($value) || (float) $value < 0) {
            throw new UsageError("--$name=$value: a number, 0 or more");
        }
        return (float) $value;
    }

    private static function oneOf(string $name, string $value, array $allowed): string
    {
        if (!in_array($value, $allowed, true)) {
            throw new UsageError("--$name=$value: one of " . implode(', ', $allowed));
        }
        return $value;
    }

    /** A time as strtotime() reads it (in UTC unless it says otherwise), in ns since the epoch. */
    private static function time(string $name, string $value): int
    {
        $t = strtotime($value);
        if ($t === false) {
            throw new UsageError("--$name=$value: not a time (e.g. 2024-01-31 12:00, yesterday, -2 hours)");
        }
        return $t * 1_000_000_000;
    }

    /** A duration with a unit (ns, us, ms, s, min, h; s when none) in ns. */
    private static function duration(string $name, string $value): int
    {
        if (!preg_match('/^(\d+(?:\.\d+)?)\s*(ns|us|µs|ms|s|min|h)?$/', $value, $m)) {
            throw new UsageError("--$name=$value: a duration, e.g. 250ms, 1.5s or 2min");
        }
        $scale = ['ns' => 1, 'us' => 1e3, 'µs' => 1e3, 'ms' => 1e6, 's' => 1e9, 'min' => 60e9, 'h' => 3600e9][$m[2] ?? 's'];
        return (int) round((float) $m[1] * $scale);
    }

    /** Users by name or uid, as uids; null for "any". */
    private static function owners(string $name, string $value): ?array
    {
        if ($value === 'any') {
            return null;
        }
        $uids = [];
        foreach (explode(',', $value) as $user) {
            $uid = user_uid($user);
            if ($uid === null) {
                throw new UsageError("--$name=$value: no user \"$user\" (names, uids, or any)");
            }
            $uids[] = $uid;
        }
        return $uids;
    }

    /** A directory, as its real path (no symbolic link in it). */
    private static function directory(string $name, string $value): string
    {
        $dir = realpath($value);
        if ($dir === false || !is_dir($dir)) {
            throw new UsageError("--$name=$value: not a directory");
        }
        return $dir;
    }

    /** A size in bytes, with K, M or G. */
    private static function size(string $name, string $value): int
    {
        if (!preg_match('/^(\d+)([KMG]?)$/i', $value, $m)) {
            throw new UsageError("--$name=$value: a size, e.g. 512M");
        }
        return (int) $m[1] << ['' => 0, 'K' => 10, 'M' => 20, 'G' => 30][strtoupper($m[2])];
    }
}
