<?php
/*
 * bench report: "bench serve DIR", a local page over a directory of
 * profiles. The command runs PHP's built-in server with this file as its
 * router: every request comes here, and no file is served as it is. The
 * page lists the profiles newest first, filters them by endpoint, label
 * and duration, opens one or a merged set as the HTML report, and diffs two
 * sets. It reads only the profiles that the report would read from DIR
 * (the user's own, no links: expand_inputs()), names them by their path
 * under DIR, and takes no other name; it escapes all it shows.
 *
 * What it knows of each profile (endpoint, duration, labels) it reads once
 * and keeps in an index file in a private directory that the command makes;
 * a page reads new profiles for at most SERVE_INDEX_SECONDS and says how
 * many are still to come.
 */
namespace Bench\Report;

/** Rows on a page of the list. */
const SERVE_PAGE = 200;
/** Seconds a page spends at most reading profiles it has not indexed yet. */
const SERVE_INDEX_SECONDS = 0.4;
/** Profiles a merged report or a side of a diff takes at most. */
const SERVE_SET = 5000;

/** The file of the bench.so this process loaded, as Linux maps it (/proc/self/maps); null where it cannot tell. */
function loaded_bench_so(): ?string
{
    foreach (@file('/proc/self/maps') ?: [] as $line) {
        if (preg_match('#\s(/\S*/bench\.so)$#', rtrim($line), $m)) {
            return $m[1];
        }
    }
    return null;
}

/** "bench serve DIR": the built-in server on --listen (127.0.0.1:8080), until it is stopped. */
function command_serve(Options $o): int
{
    $dir = realpath($o->files[0]);
    if ($dir === false || !is_dir($dir) || count($o->files) !== 1) {
        throw new UsageError('serve takes one directory of profiles');
    }
    $private = sys_get_temp_dir() . '/bench-serve-' . bin2hex(random_bytes(8));
    if (!@mkdir($private, 0700)) {
        throw new ReadError('cannot make a private directory in ' . sys_get_temp_dir());
    }
    $php = [PHP_BINARY];
    if (php_ini_loaded_file() === false && php_ini_scanned_files() === false) {
        $php[] = '-n';
        // bench.so computes the views and reads zstd: the server loads the one this process runs with (-d extension=, dl()
        // or load_bench()'s reload), else the build load_bench() would reload with.
        $so = loaded_bench_so() ?? dirname(__DIR__) . '/modules/bench.so';
        if (is_file($so)) {
            array_push($php, '-d', "extension=$so");
        }
    }
    $env = ['BENCH_SERVE_DIR' => $dir, 'BENCH_SERVE_INDEX' => "$private/index", 'BENCH_SERVE_OPTIONS' => json_encode($o->optionArgs)] + getenv();
    // The document root is the empty private directory: there is nothing else to serve.
    $command = [...$php, '-d', 'memory_limit=' . $o->maxMemory, '-S', $o->listen, '-t', $private, __FILE__];
    say($o, sprintf('serving %s on http://%s/ (Ctrl-C stops it)', $dir, $o->listen));
    $proc = proc_open($command, [STDIN, STDOUT, STDERR], $pipes, null, $env);
    $cleanUp = static function () use ($private): void {
        @unlink("$private/index");
        @unlink("$private/index.new");
        @rmdir($private);
    };
    // Stopped (Ctrl-C, kill): the server too, and the index goes.
    if ($proc !== false && function_exists('pcntl_async_signals')) {
        pcntl_async_signals(true);
        foreach ([SIGINT, SIGTERM, SIGHUP] as $signal) {
            pcntl_signal($signal, static function () use ($proc, $cleanUp): void {
                proc_terminate($proc);
                proc_close($proc);
                $cleanUp();
                exit(0);
            });
        }
    }
    // Waited for in steps, not in proc_close(): a signal's handler runs between PHP's statements only.
    $status = 1;
    while ($proc !== false) {
        $state = proc_get_status($proc);
        if (!$state['running']) {
            $status = $state['exitcode'];
            proc_close($proc);
            break;
        }
        usleep(200_000);
    }
    $cleanUp();
    return $status;
}

/** Answers one request of the page (in the built-in server). */
function serve_request(): void
{
    $dir = (string) getenv('BENCH_SERVE_DIR');
    $args = json_decode((string) getenv('BENCH_SERVE_OPTIONS'), true) ?: [];
    header('X-Content-Type-Options: nosniff');
    header('Referrer-Policy: no-referrer');
    try {
        $o = Options::parse(['bench', 'top', $dir, ...$args, '--quiet']);
        ini_set('memory_limit', (string) $o->maxMemory);
        $path = parse_url($_SERVER['REQUEST_URI'] ?? '/', PHP_URL_PATH);
        $index = serve_index($dir, $o);
        match ($path) {
            '/' => serve_list($index, $dir),
            '/report' => serve_report($index, $o),
            '/diff' => serve_diff($index, $o),
            default => serve_error(404, 'No such page.'),
        };
    } catch (ReadError | UsageError $e) {
        serve_error(400, $e->getMessage());
    }
}

function serve_error(int $status, string $message): void
{
    http_response_code($status);
    header("Content-Security-Policy: default-src 'none'");
    header('Content-Type: text/html; charset=utf-8');
    echo '<!DOCTYPE html><meta charset="utf-8"><title>bench serve</title><p>', esc($message), '</p><p><a href="/">All profiles</a></p>';
}

/**
 * The profiles of DIR, newest first: base name => [mtime, size, meta or
 * null while not read yet]. The index file keeps what was read, by name,
 * time and size; a page reads new profiles for SERVE_INDEX_SECONDS at most.
 */
function serve_index(string $dir, Options $o): array
{
    [$files] = expand_inputs([$dir], $o);
    $file = (string) getenv('BENCH_SERVE_INDEX');
    $known = is_file($file) ? (unserialize((string) file_get_contents($file), ['allowed_classes' => false]) ?: []) : [];
    $index = [];
    $deadline = microtime(true) + SERVE_INDEX_SECONDS;
    foreach ($files as $path) {
        $st = @stat($path);
        if ($st === false) {
            continue;
        }
        // Its name in the page: its path under DIR (profiles_in() reads subdirectories too).
        $name = substr($path, strlen(rtrim($dir, '/')) + 1);
        $meta = ($known[$name][0] ?? null) === $st['mtime'] && ($known[$name][1] ?? null) === $st['size'] ? $known[$name][2] : null;
        if ($meta === null && microtime(true) < $deadline) {
            $meta = serve_meta($path, $o);
        }
        $index[$name] = [$st['mtime'], $st['size'], $meta, $path];
    }
    uasort($index, fn($a, $b) => [$b[2]['time_ns'] ?? $b[0] * 1_000_000_000, $b[0]] <=> [$a[2]['time_ns'] ?? $a[0] * 1_000_000_000, $a[0]]);
    // Written whole under another name, then renamed: a page reading it never sees half of it.
    if (@file_put_contents("$file.new", serialize($index)) !== false) {
        @rename("$file.new", $file);
    }
    return $index;
}

/** What the list shows of a profile and filters by; a profile that cannot be read says why. */
function serve_meta(string $path, Options $o): array
{
    try {
        $p = read_profile($path, $o);
    } catch (ReadError $e) {
        return ['error' => $e->getMessage()];
    } catch (\Throwable $e) {
        return ['error' => 'could not be read (' . get_class($e) . ')'];
    }
    return ['time_ns' => $p->meta['time_ns'] ?? null, 'mode' => $p->meta['mode'] ?? '', 'method' => $p->meta['method'] ?? '',
        'uri' => $p->meta['uri'] ?? '', 'status' => $p->meta['status'] ?? null, 'duration_ns' => $p->meta['duration_ns'] ?? null,
        'endpoint' => profile_endpoint($p), 'labels' => profile_labels($p)];
}

/** The indexed profiles that the query's filters keep: endpoint and label (shell patterns), min_ms, and the names f[]. */
function serve_filter(array $index, array $q): array
{
    $endpoint = trim((string) ($q['endpoint'] ?? ''));
    $label = trim((string) ($q['label'] ?? ''));
    $minMs = (float) ($q['min_ms'] ?? 0);
    [$key, $value] = str_contains($label, '=') ? explode('=', $label, 2) : [$label, '*'];
    $out = [];
    foreach ($index as $name => [, , $meta]) {
        if ($meta === null || isset($meta['error'])
            || ($endpoint !== '' && !pattern_matches($endpoint, $meta['endpoint']))
            || ($label !== '' && !pattern_matches($value, (string) ($meta['labels'][$key] ?? '')))
            || ($label !== '' && !isset($meta['labels'][$key]))
            || ($minMs > 0 && ($meta['duration_ns'] ?? 0) < $minMs * 1e6)) {
            continue;
        }
        $out[$name] = $index[$name];
    }
    return $out;
}

function serve_list(array $index, string $dir): void
{
    $q = $_GET;
    $pending = count(array_filter($index, fn($e) => $e[2] === null));
    $shown = serve_filter($index, $q);
    $page = max(0, (int) ($q['page'] ?? 0));
    $rows = '';
    foreach (array_slice($shown, $page * SERVE_PAGE, SERVE_PAGE, true) as $name => [$mtime, $size, $meta]) {
        $time = isset($meta['time_ns']) ? intdiv((int) $meta['time_ns'], 1_000_000_000) : $mtime;
        $labels = implode(' ', array_map(fn($k, $v) => "$k=$v", array_keys($meta['labels']), $meta['labels']));
        $rows .= sprintf('<tr><td><input type="checkbox" name="a[]" value="%1$s" form="diff"></td><td><input type="checkbox" name="b[]" value="%1$s" form="diff"></td>'
            . '<td><input type="checkbox" name="f[]" value="%1$s" form="open"></td><td>%2$s</td><td class="l"><a href="/report?f%%5B%%5D=%3$s">%4$s</a></td>'
            . '<td class="l">%5$s</td><td>%6$s</td><td>%7$s</td><td class="l">%8$s</td><td>%9$s</td></tr>' . "\n",
            esc($name), gmdate('Y-m-d H:i:s', $time), esc(rawurlencode($name)), esc($name), esc($meta['endpoint']), esc((string) ($meta['status'] ?? '')),
            isset($meta['duration_ns']) ? esc(human($meta['duration_ns'], 'ns')) : '', esc($labels), esc($meta['mode']));
    }
    $filters = array_intersect_key($q, ['endpoint' => 1, 'label' => 1, 'min_ms' => 1]);
    $more = count($shown) > ($page + 1) * SERVE_PAGE
        ? sprintf('<a href="/?%s">next %d</a>', esc(http_build_query($filters + ['page' => $page + 1])), SERVE_PAGE) : '';
    $input = fn(string $name, string $label, string $hint) => sprintf('<label>%s <input name="%s" value="%s" placeholder="%s"></label> ',
        $label, $name, esc((string) ($q[$name] ?? '')), esc($hint));
    // The reports (/report, /diff) carry their own policy, with their scripts' hashes; the list has no script.
    header("Content-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'");
    header('Content-Type: text/html; charset=utf-8');
    echo '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>bench: ', esc($dir), '</title><style>',
        'body{font-family:system-ui,sans-serif;margin:1.5em;color:#222}table{border-collapse:collapse;font-size:13px}',
        'td,th{padding:2px 8px;text-align:right;white-space:nowrap}td.l,th.l{text-align:left}tbody tr:nth-child(even){background:#fafafa}',
        'th{background:#f4f4f4}.hint{color:#555}form{display:inline}</style></head><body>',
        '<h1>Profiles in ', esc($dir), '</h1>',
        sprintf('<p class="hint">%s, newest first; %s match. %s</p>', plural(count($index), 'profile'), number_format(count($shown)),
            $pending ? sprintf('%s not read yet: reload the page to read them.', number_format($pending)) : ''),
        '<form method="get" action="/">', $input('endpoint', 'Endpoint', 'GET /users/*'), $input('label', 'Label', 'key=value'),
        $input('min_ms', 'At least (ms)', '50'), '<button>Filter</button></form> ',
        '<form method="get" action="/report" id="open"><button>Open the ticked (merged)</button></form> ',
        sprintf('<a href="/report?%s">Open all %s merged</a> ', esc(http_build_query($filters + ['all' => 1])), number_format(min(count($shown), SERVE_SET))),
        '<form method="get" action="/diff" id="diff"><button>Diff: A against B</button></form>',
        '<table><thead><tr><th>A</th><th>B</th><th>open</th><th>time (UTC)</th><th class="l">profile</th><th class="l">endpoint</th>',
        '<th>status</th><th>duration</th><th class="l">labels</th><th>mode</th></tr></thead><tbody>', $rows, '</tbody></table>', $more,
        '</body></html>';
}

/** The files of a set: the names f[] (of the index only), or all that the filters keep (all=1). */
function serve_set(array $index, array $q, string $names): array
{
    if (!empty($q['all'])) {
        $files = array_column(serve_filter($index, $q), 3);
    } else {
        $files = [];
        foreach ((array) ($q[$names] ?? []) as $name) {
            if (!is_string($name) || !isset($index[$name])) {
                throw new ReadError('no such profile in the directory: ' . (is_string($name) ? $name : '?'));
            }
            $files[] = $index[$name][3];
        }
    }
    if (!$files) {
        throw new ReadError('no profile chosen');
    }
    return array_slice($files, 0, SERVE_SET);
}

function serve_report(array $index, Options $o): void
{
    $files = serve_set($index, $_GET, 'f');
    Profile::$keepLines = true;
    Timeline::$keep = true;
    $m = new Model();
    $loaded = load($files, $o, $m);
    if ($loaded->read === 0) {
        throw new ReadError('none of the profiles could be read');
    }
    $o->title ??= count($files) === 1 ? basename($files[0]) : sprintf('%s merged', plural(count($files), 'profile'));
    header('Content-Type: text/html; charset=utf-8');
    echo html_report($m, $o, $loaded);
}

function serve_diff(array $index, Options $o): void
{
    $m = new Model(4);
    $before = load(serve_set($index, $_GET, 'a'), $o, $m, 0, fn(Profile $p, int $i) => $m->add($p, 2 + $i % 2));
    $after = load(serve_set($index, $_GET, 'b'), $o, $m, 1);
    if ($before->read === 0 || $after->read === 0) {
        throw new ReadError('a side of the diff has no profile that could be read');
    }
    header('Content-Type: text/html; charset=utf-8');
    echo diff_html(new Diff($m, $o), $o, chosen_counter($m, $o->by), $before, $after);
}

// In the built-in server (not when the command loads this file): the report's code, then the request.
if (PHP_SAPI === 'cli-server') {
    require_once __DIR__ . '/main.php';
    serve_request();
}
