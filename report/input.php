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
 * Returns [files, problems] (an argument that names no profile).
 */
function expand_inputs(array $args): array
{
    $files = $problems = [];
    foreach ($args as $arg) {
        if (is_dir($arg)) {
            $found = profiles_in($arg);
        } elseif (is_file($arg)) {
            $found = [$arg];
        } else {
            $found = array_values(array_filter(glob($arg, GLOB_BRACE) ?: [], 'is_file'));
        }
        if (!$found) {
            $problems[] = is_dir($arg) ? "$arg: no bench profile in it" : "$arg: no such file";
        }
        foreach ($found as $f) {
            $files[$f] = true;
        }
    }
    return [array_keys($files), $problems];
}

/** The profiles in a directory and its subdirectories, sorted by name (bench's names start with the time). */
function profiles_in(string $dir): array
{
    $found = [];
    $it = new \RecursiveIteratorIterator(new \RecursiveDirectoryIterator($dir, \FilesystemIterator::SKIP_DOTS));
    foreach ($it as $path => $info) {
        if ($info->isFile() && preg_match(PROFILE_NAME, $info->getFilename())) {
            $found[] = $path;
        }
    }
    sort($found, SORT_STRING);
    return $found;
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
    if (!function_exists('bench_zstd_decompress')) {
        throw new ReadError('zstd-compressed, and this PHP has not loaded bench, which reads zstd '
            . '(php -d extension=/path/to/bench.so ' . ($_SERVER['argv'][0] ?? 'bench') . ' ..., or zstd -d it first)');
    }
    try {
        return bench_zstd_decompress($data, $max);
    } catch (\ValueError $e) {
        throw new ReadError(str_replace('bench_zstd_decompress(): $data is ', 'zstd data is ', $e->getMessage()));
    } catch (\Error $e) {
        throw new ReadError('zstd-compressed: ' . $e->getMessage());
    }
}

/** The format of decompressed bytes: 'callgrind', 'json', 'pprof' or 'folded'. */
function format_of(string $data): string
{
    $head = ltrim(substr($data, 0, 512));
    if ($head === '') {
        throw new ReadError('empty');
    }
    if (preg_match('/^(# callgrind format|version:|creator:|events:|positions:|cmd:)/', $head)) {
        return 'callgrind';
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
        };
    } finally {
        restore_error_handler();
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
