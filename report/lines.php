<?php
/*
 * bench report: "bench lines", a function's source with the cost of each
 * line: its own cost while it ran the line (sample mode, and the ops of
 * bench.count_ops=1 in profile mode), and the inclusive cost of the calls
 * it made there. The HTML report shows the same listing under a function's
 * callers and callees.
 */
namespace Bench\Report;

/** Functions listed when --function does not name them. */
const LINES_FUNCTIONS = 5;
/** A function whose costly lines span at most this many lines is listed whole; else its costly lines with context. */
const LINES_WHOLE = 60;
const LINES_CONTEXT = 2;
/** Characters of a source line shown at most. */
const LINES_WIDTH = 100;

function command_lines(Options $o): int
{
    Profile::$keepLines = true;
    $m = new Model();
    $loaded = load_set($o->files, $o, $m);
    $v = Views::of($m);
    $ops = lines_have_ops($m);
    // Profile mode has no time per line; where it counted opcodes per line, those are what a listing shows unless --by says.
    $c = $o->by === null && $ops && !$m->sampled() ? $m->counterIds['ops'] : chosen_counter($m, $o->by);
    echo summary_line($m, $loaded, $c, $v, 0, $o), "\n";
    $funcs = lines_functions($m, $v, $c, $o->function, $o->limitSet ? $o->limit : LINES_FUNCTIONS);
    if (!$funcs) {
        throw new ReadError($o->function !== null
            ? "no function matching \"{$o->function}\" has costs at lines in these profiles"
            : 'these profiles have no costs at lines (profile mode keeps only call sites; sample mode and bench.count_ops=1 keep lines)');
    }
    $whole = !$m->sampled() && counter_label($m, $c) !== 'ops';
    if ($whole) {
        printf("Profile mode measures a function's own %s as a whole, not line by line: \"own\" shows it on the function's first line,\n"
            . "and \"in calls made\" the calls of each line. Time per line needs sample mode (bench.mode=sample)%s\n",
            counter_title($m, $c), match (true) {
                $ops => '; --by=ops shows the opcodes each line ran.',
                isset($m->counterIds['ops']) => '; these profiles have opcodes, not per line.',
                default => ', opcodes per line bench.count_ops=1 (--by=ops).',
            });
    } elseif (!$m->sampled()) {
        echo "Profile mode counted the opcodes each line ran (bench.count_ops=1); time per line needs sample mode (bench.mode=sample).\n";
    }
    $total = $c < 0 ? array_sum($v->calls) : $v->total[$c];
    $sources = new Sources($m, $o);
    foreach ($funcs as $f) {
        echo "\n", implode("\n", lines_listing($m, $f, $c, $total, $o->raw, $sources, $whole)), "\n";
    }
    return 0;
}

/**
 * Whether the profiles counted opcodes per line (profile mode, bench.count_ops=1): some function has opcodes on a line
 * other than its first, where profile mode keeps the whole of the other own costs.
 */
function lines_have_ops(Model $m): bool
{
    $ops = $m->counterIds['ops'] ?? null;
    foreach ($ops === null ? [] : $m->lineOwn[0] as $f => $lines) {
        foreach ($lines as $line => [, $costs]) {
            if ($line !== $m->funcLine[$f] && ($costs[$ops] ?? 0) > 0) {
                return true;
            }
        }
    }
    return false;
}

/** The functions that have lines: those --function matches (a shell pattern), or the largest own costs first. */
function lines_functions(Model $m, Views $v, int $c, ?string $pattern, int $limit): array
{
    $have = array_keys($m->lineOwn[0] + $m->lineCalls[0]);
    if ($pattern !== null) {
        $have = array_filter($have, fn($f) => pattern_matches($pattern, $m->funcName[$f]));
    }
    $own = $c < 0 ? $v->calls : $v->own[$c] ?? [];
    usort($have, fn($a, $b) => ($own[$b] ?? 0) <=> ($own[$a] ?? 0) ?: strcmp($m->funcName[$a], $m->funcName[$b]));
    return array_slice($have, 0, $limit);
}

/** The line numbers to show: every line from the function's first to its last costly one, or costly lines with context. */
function lines_shown(array $rows, int $first): array
{
    $lines = array_keys($rows);
    $from = $first > 0 ? min($first, $lines[0]) : $lines[0];
    $to = end($lines);
    if ($to - $from < LINES_WHOLE) {
        return range($from, $to);
    }
    $shown = [];
    foreach ($lines as $line) {
        for ($l = max(1, $line - LINES_CONTEXT); $l <= $line + LINES_CONTEXT; $l++) {
            $shown[$l] = true;
        }
    }
    $shown = array_keys($shown);
    sort($shown);
    return $shown;
}

/** A function's listing; $whole: its own cost is the whole function's, on its first line (profile mode, a counter but ops). */
function lines_listing(Model $m, int $f, int $c, int|float $total, bool $raw, Sources $sources, bool $whole = false): array
{
    $unit = counter_unit_of($m, $c);
    $rows = lines_rows_all($m, $f);
    $value = fn(array $at) => $c < 0 ? $at[0] : $at[1][$c] ?? 0;
    $file = $m->funcFile[$f];
    $text = $sources->lines($file);
    $own = array_sum(array_map(fn($r) => $value($r[0]), $rows));
    $out = [sprintf('%s  %s', $m->funcName[$f], $file === '' ? '(no file)' : $file . ($m->funcLine[$f] ? ':' . $m->funcLine[$f] : ''))];
    $out[] = sprintf('  %s at its lines: %s (%s)%s%s', counter_title($m, $c, $raw), cell_value($own, $unit, $raw), percent($own, $total),
        $whole ? ", all on its first line (profile mode: the function's own as a whole)" : '',
        $text === null && $file !== '' ? '; source ' . ($sources->why[$file] ?? 'not read') : '');
    $out[] = sprintf('  %6s  %16s  %16s  %s', 'line', 'own', 'in calls made', 'source');
    $last = null;
    foreach (lines_shown($rows, $m->funcLine[$f]) as $line) {
        if ($last !== null && $line > $last + 1) {
            $out[] = sprintf('  %6s', '...');
        }
        $last = $line;
        $r = $rows[$line] ?? null;
        $cell = fn($v) => $v ? sprintf('%9s %6s', cell_value($v, $unit, $raw), percent($v, $total)) : '';
        $source = $text === null ? '' : rtrim(source_text($text[$line - 1] ?? '', LINES_WIDTH));
        $out[] = rtrim(sprintf('  %6d  %16s  %16s  %s', $line, $r ? $cell($value($r[0])) : '', $r ? $cell($value($r[1])) : '', $source));
    }
    return $out;
}

/** A line of source for a listing: tabs as four spaces, cut (on a UTF-8 boundary) at $width bytes. */
function source_text(string $line, int $width): string
{
    $line = str_replace("\t", '    ', rtrim($line, "\r\n"));
    if (strlen($line) <= $width) {
        return $line;
    }
    return preg_replace('/[\xC0-\xFF][\x80-\xBF]*$/', '', substr($line, 0, $width)) . '…';
}

/** Source files larger than this are not read. */
const SOURCE_MAX_BYTES = 8 << 20;
/** A script in one of these is a front controller: its application's sources are in the directory above. */
const SOURCE_WEB_ROOTS = ['public', 'web', 'htdocs', 'html', 'www', 'public_html', 'pub'];

/**
 * Whose files the source views may read for a profile: [its owner's uid,
 * its script's directory ('' when it names none)], or null for none. A
 * profile names the files to read, and anyone who can write the directory
 * it is in can craft one: only a profile of the user's own, or of an owner
 * --owner names (not "any"), is taken at its word. See Sources.
 */
function source_trust(Profile $p, Options $o): ?array
{
    $uid = $o->source ? @fileowner($p->file) : false;
    if ($uid === false || ($uid !== effective_uid() && !in_array($uid, $o->owners ?? [], true))) {
        return null;
    }
    $script = $p->meta['script'] ?? '';
    foreach ($script === '' ? $p->funcs : [] as [$name, $file]) {
        if ($name === '{main}') {
            $script = $file;
            break;
        }
    }
    $dir = dirname($script);
    if (in_array(basename($dir), SOURCE_WEB_ROOTS, true)) {
        $dir = dirname($dir);
    }
    return [$uid, str_starts_with($script, '/') && $dir !== '/' ? $dir : ''];
}

/**
 * Source files, read once each. A file is read only when a trusted profile
 * (source_trust()) names it, it is under that profile's script directory or
 * a --source-root, its path is its real path (no symbolic link, no ".."),
 * it is a regular file of at most 8 MB, and the profile's owner could read
 * it (it is theirs, or anyone may read it): a profile of www-data's makes
 * root copy nothing that www-data could not read itself.
 */
final class Sources
{
    private array $files = [];
    /** per file not read, why */
    public array $why = [];

    public function __construct(private readonly Model $m, private readonly Options $o)
    {
    }

    /** The file's lines; null when it is not read (why() says why). */
    public function lines(string $file): ?array
    {
        if ($file === '') {
            return null;
        }
        if (!array_key_exists($file, $this->files)) {
            $text = $this->read($file);
            $this->files[$file] = $text === null ? null : explode("\n", $text);
        }
        return $this->files[$file];
    }

    /** How many files were read. */
    public function read_count(): int
    {
        return count(array_filter($this->files, fn($lines) => $lines !== null));
    }

    private function read(string $file): ?string
    {
        $why = &$this->why[$file];
        if (!$this->o->source) {
            $why = 'not read (--no-source)';
            return null;
        }
        $trust = $this->m->sourceTrust[$file] ?? [];
        if (!$trust) {
            $why = 'not read: none of the profiles naming it is yours (--owner=USER trusts another user\'s)';
            return null;
        }
        $st = @lstat($file);
        if ($st === false || @realpath($file) !== $file) {
            $why = $st === false ? 'not found' : 'not read: its path is not its real path (a symbolic link, or ".." in it)';
            return null;
        }
        if (($st['mode'] & 0170000) !== 0100000 || $st['size'] > SOURCE_MAX_BYTES) {
            $why = ($st['mode'] & 0170000) !== 0100000 ? 'not read: not a regular file' : 'not read: larger than 8 MB';
            return null;
        }
        $why = null;
        foreach ($trust as [$uid, $root]) {
            $roots = array_filter([$root, ...$this->o->sourceRoots], fn($r) => $r !== '');
            if (!array_filter($roots, fn($r) => str_starts_with($file, rtrim($r, '/') . '/'))) {
                $why ??= sprintf('not read: outside the script\'s directory%s (--source-root=DIR reads under DIR)',
                    $roots ? ' (' . implode(', ', $roots) . ')' : '');
            } elseif ($st['uid'] !== $uid && !($st['mode'] & 0004)) {
                $why = sprintf('not read: %s\'s profile names it, and %s could not read it', user_name($uid), user_name($uid));
            } else {
                $why = null;
                return $this->open($file, $st);
            }
        }
        return null;
    }

    /** The bytes of a file that lstat() said is regular: still the same file once open (not a link swapped in meanwhile). */
    private function open(string $file, array $st): ?string
    {
        $h = @fopen($file, 'rb');
        $now = $h ? fstat($h) : false;
        if (!$now || $now['ino'] !== $st['ino'] || $now['dev'] !== $st['dev']) {
            $this->why[$file] = $h ? 'not read: it changed while it was opened' : 'not opened';
            $h && fclose($h);
            return null;
        }
        $text = stream_get_contents($h, SOURCE_MAX_BYTES);
        fclose($h);
        return $text === false ? null : $text;
    }
}

/**
 * What the HTML report's source view reads: per function (of the table's,
 * those with lines) its file and shown lines, each [line, source text, own
 * calls, own costs per counter, calls made, their costs per counter] (null
 * for a gap).
 */
function lines_html_data(Model $m, array $funcs, Sources $sources): array
{
    $out = [];
    foreach ($funcs as $f) {
        if (!isset($m->lineOwn[0][$f]) && !isset($m->lineCalls[0][$f])) {
            continue;
        }
        $text = $sources->lines($m->funcFile[$f]);
        $all = lines_rows_all($m, $f);
        $rows = [];
        $last = null;
        foreach (lines_shown($all, $m->funcLine[$f]) as $line) {
            if ($last !== null && $line > $last + 1) {
                $rows[] = null;
            }
            $last = $line;
            $r = $all[$line] ?? [[0, []], [0, []]];
            $rows[] = [$line, $text === null ? '' : source_text($text[$line - 1] ?? '', 200),
                $r[0][0], lines_costs($m, $r[0][1]), $r[1][0], lines_costs($m, $r[1][1])];
        }
        $out[$f] = ['file' => $m->funcFile[$f], 'readable' => $text !== null, 'why' => $sources->why[$m->funcFile[$f]] ?? '', 'rows' => $rows];
    }
    return $out;
}

/** Per line of a function, in order: [[own calls, own costs], [calls made, their costs]], costs by counter id. */
function lines_rows_all(Model $m, int $f): array
{
    $rows = [];
    foreach ([$m->lineOwn[0][$f] ?? [], $m->lineCalls[0][$f] ?? []] as $kind => $lines) {
        foreach ($lines as $line => $at) {
            $rows[$line] ??= [[0, []], [0, []]];
            $rows[$line][$kind] = $at;
        }
    }
    ksort($rows);
    return $rows;
}

/** Costs in counter order, 0 where none. */
function lines_costs(Model $m, array $costs): array
{
    $out = [];
    foreach (array_keys($m->counterName) as $c) {
        $out[] = $costs[$c] ?? 0;
    }
    return $out;
}
