<?php
/*
 * bench report: from arguments to profiles. Files, directories (the
 * profiles bench wrote there, in subdirectories too) and globs; plain, gzip
 * or zstd; callgrind, folded, JSON or pprof, told apart by their content.
 */
namespace Bench\Report;

/** The names bench gives its profiles, which a directory is searched for. */
const PROFILE_NAME = '/^bench\..*\.(callgrind|folded|json|pb|pprof)(\.gz|\.zst)?$/';

/**
 * The files named by arguments, in order, each once. A directory gives the
 * profiles in it; an argument that names nothing is tried as a glob.
 * Anyone may write the directories that profiles go to (the default is the
 * temporary directory): what a directory or a glob finds is taken only from
 * the user's own files, or those of an owner --owner names, and never
 * through a symbolic link; a file named as an argument is taken whoever owns
 * it. Returns [files, problems (an argument that gives no profile), notes
 * (the files left out)].
 */
function expand_inputs(array $args, Options $o): array
{
    $files = $problems = $others = [];
    $links = 0;
    foreach ($args as $arg) {
        if (is_file($arg)) {
            $found = [$arg];
        } else {
            $candidates = is_dir($arg) ? profiles_in($arg) : array_values(array_filter(glob($arg, GLOB_BRACE) ?: [], 'is_file'));
            $found = [];
            foreach ($candidates as $f) {
                $owner = @fileowner($f);
                if (is_link($f)) {
                    $links++;
                } elseif ($o->owners === null || $owner === effective_uid() || in_array($owner, $o->owners, true)) {
                    $found[] = $f;
                } else {
                    $others[$owner] = ($others[$owner] ?? 0) + 1;
                }
            }
            if (!$found && $candidates) {
                $problems[] = sprintf('%s: no profile of yours in it (%s left out)', $arg, plural(count($candidates), 'file'));
                continue;
            }
        }
        if (!$found) {
            $problems[] = is_dir($arg) ? "$arg: no bench profile in it" : "$arg: no such file";
        }
        foreach ($found as $f) {
            $files[$f] = true;
        }
    }
    $notes = [];
    if ($others) {
        arsort($others);
        $names = array_map(fn($uid) => user_name($uid), array_keys($others));
        $notes[] = sprintf('left out %s of other owners (%s): --owner=%s takes them, if you trust what they wrote',
            plural(array_sum($others), 'profile'), implode(', ', array_map(fn($n, $k) => "$n: " . number_format($k), $names, $others)),
            implode(',', $names));
    }
    if ($links) {
        $notes[] = sprintf('left out %s (name the file itself to read it)', plural($links, 'symbolic link'));
    }
    return [array_keys($files), $problems, $notes];
}

/** The profiles in a directory and its subdirectories (not those behind a symbolic link), sorted by name (bench's names start with the time). */
function profiles_in(string $dir): array
{
    $found = [];
    $it = new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator($dir, \FilesystemIterator::SKIP_DOTS));
    foreach ($it as $path => $info) {
        if (($info->isFile() || $info->isLink()) && preg_match(PROFILE_NAME, $info->getFilename())) {
            $found[] = $path;
        }
    }
    sort($found, SORT_STRING);
    return $found;
}

/** The user this command runs as. */
function effective_uid(): int
{
    static $uid = null;
    // Without the posix extension: the kernel gives /proc/self to the process's effective user.
    return $uid ??= function_exists('posix_geteuid') ? posix_geteuid() : (int) @fileowner('/proc/self');
}

/** A user's name, or "uid N". */
function user_name(int $uid): string
{
    $name = function_exists('posix_getpwuid') ? (posix_getpwuid($uid)['name'] ?? false) : array_search($uid, passwd(), true);
    return $name === false ? "uid $uid" : $name;
}

/** A user's uid, from their name or a number; null for no such user. */
function user_uid(string $user): ?int
{
    if (preg_match('/^\d+$/', $user)) {
        return (int) $user;
    }
    return function_exists('posix_getpwnam') ? (posix_getpwnam($user)['uid'] ?? null) : passwd()[$user] ?? null;
}

/** The users of /etc/passwd, name => uid, where PHP has no posix extension (php -n). */
function passwd(): array
{
    static $users = null;
    if ($users === null) {
        $users = [];
        foreach (@file('/etc/passwd', FILE_IGNORE_NEW_LINES) ?: [] as $line) {
            $f = explode(':', $line);
            if (count($f) > 2 && preg_match('/^\d+$/', $f[2])) {
                $users[$f[0]] ??= (int) $f[2];
            }
        }
    }
    return $users;
}

/** How a file is compressed, from its first bytes: 'gzip', 'zstd' or ''. */
function compression_of(string $head): string
{
    if (str_starts_with($head, "\x1f\x8b")) {
        return 'gzip';
    }
    return str_starts_with($head, "\x28\xb5\x2f\xfd") ? 'zstd' : '';
}

/** A file's bytes, decompressed, at most $max of them (PHP's warnings are ReadErrors here: see read_profile()). */
function read_bytes(string $file, int $max): string
{
    try {
        $size = filesize($file);
        $data = $size > $max ? '' : file_get_contents($file);
    } catch (ReadError $e) {
        throw new ReadError('cannot be read (' . $e->getMessage() . ')');
    }
    if ($size > $max) {
        throw new ReadError(sprintf('%s bytes, more than --max-size (%s)', number_format($size), number_format($max)));
    }
    return match (compression_of($data)) {
        'gzip' => gunzip($data, $max),
        'zstd' => unzstd($data, $max),
        default => $data,
    };
}

/** gzip, streamed so that an oversized member stops at $max. */
function gunzip(string $data, int $max): string
{
    $ctx = inflate_init(ZLIB_ENCODING_GZIP);
    $out = '';
    for ($at = 0, $len = strlen($data); $at < $len; $at += 65536) {
        try {
            $chunk = inflate_add($ctx, substr($data, $at, 65536), $at + 65536 >= $len ? ZLIB_FINISH : ZLIB_SYNC_FLUSH);
        } catch (ReadError $e) {
            throw new ReadError('gzip data is corrupt (' . $e->getMessage() . ')');
        }
        $out .= $chunk;
        if (strlen($out) > $max) {
            throw new ReadError(sprintf('more than --max-size (%s bytes) once decompressed', number_format($max)));
        }
        if (inflate_get_status($ctx) === ZLIB_STREAM_END) {
            return $out;
        }
    }
    throw new ReadError('gzip data is truncated');
}

function unzstd(string $data, int $max): string
{
    try {
        return bench_zstd_decompress($data, $max);
    } catch (\ValueError $e) {
        throw new ReadError(str_replace('bench_zstd_decompress(): $data is ', 'zstd data is ', $e->getMessage()));
    } catch (\Error $e) {
        throw new ReadError('zstd-compressed: ' . $e->getMessage());
    }
}

/** The format of decompressed bytes: 'callgrind', 'json', 'pprof', 'folded' or 'trace' (a timeline, read as a profile too). */
function format_of(string $data): string
{
    $head = ltrim(substr($data, 0, 512));
    if ($head === '') {
        throw new ReadError('empty');
    }
    if (preg_match('/^(# callgrind format|version:|creator:|events:|positions:|cmd:)/', $head)) {
        return 'callgrind';
    }
    if (is_trace($head)) {
        return 'trace';
    }
    if (preg_match('/^\{\s*["}]/', $head)) {
        return 'json';
    }
    // Text has no control characters but tab, newline and carriage return; protobuf's tags and lengths do.
    if (preg_match('/[\x00-\x08\x0b\x0c\x0e-\x1f]/', substr($data, 0, 512))) {
        return 'pprof';
    }
    if (preg_match('/^[^\n]*\S -?\d+\r?(\n|$)/', $head)) {
        return 'folded';
    }
    throw new ReadError('not a profile that bench reads (callgrind, folded, JSON or pprof)');
}

/**
 * Reads one file into a profile; a ReadError says why it cannot be. A
 * warning of PHP's while the file is read (it cannot be opened, gzip data is
 * corrupt) is a ReadError too.
 */
function read_profile(string $file, Options $o): Profile
{
    set_error_handler(static function (int $no, string $message) {
        throw new ReadError($message);
    });
    try {
        memory_guard(true);
        $data = read_bytes($file, $o->maxSize);
        $p = match (format_of($data)) {
            'callgrind' => read_callgrind($data, $file),
            'json' => read_json($data, $file),
            'pprof' => read_pprof($data, $file),
            'folded' => read_folded($data, $file, $o->foldedCounter ?? folded_counter_of($file)),
            'trace' => trace_profile(Timeline::$keep ? Timeline::keep(read_trace($data, $file)) : read_trace($data, $file)),
        };
    } finally {
        restore_error_handler();
    }
    if ($p->moments) {
        Timeline::keep(sampled_timeline($p));
        $p->moments = [];
    }
    $p->meta['time_ns'] = ($p->meta['time_ns'] ?? 0) ?: time_of_file($file);
    return $p;
}

/** When a file's profile was taken: from bench's name (bench.20240131T120000Z.pid.seq...), else its mtime. */
function time_of_file(string $file): int
{
    if (preg_match('/^bench\.(\d{8}T\d{6}Z)\./', basename($file), $m)) {
        $time = \DateTimeImmutable::createFromFormat('Ymd\THis\Z', $m[1], new \DateTimeZone('UTC'));
        if ($time) {
            return $time->getTimestamp() * 1_000_000_000;
        }
    }
    return (int) @filemtime($file) * 1_000_000_000;
}
