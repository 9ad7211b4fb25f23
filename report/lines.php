<?php
/*
 * bench report: "bench lines", a function's source with the cost of each
 * line: its own cost while it ran the line (sample mode, and the ops of
 * bench.count_ops=1 in callgrind files), and the inclusive cost of the calls
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
    $c = chosen_counter($m, $o->by);
    echo summary_line($m, $loaded, $c, $v), "\n";
    $funcs = lines_functions($m, $v, $c, $o->function, $o->limitSet ? $o->limit : LINES_FUNCTIONS);
    if (!$funcs) {
        throw new ReadError($o->function !== null
            ? "no function matching \"{$o->function}\" has costs at lines in these profiles"
            : 'these profiles have no costs at lines (profile mode keeps only call sites; sample mode and bench.count_ops=1 keep lines)');
    }
    if (!$m->sampled() && counter_label($m, $c) !== 'ops') {
        echo "Profile mode keeps a function's own cost on its first line and its calls on theirs: time per line is sample mode's,\n"
            . "and bench.count_ops=1 counts the opcodes of each line (--by=ops).\n";
    }
    $total = $c < 0 ? array_sum($v->calls) : $v->total[$c];
    $sources = new Sources();
    foreach ($funcs as $f) {
        echo "\n", implode("\n", lines_listing($m, $f, $c, $total, $o->raw, $sources)), "\n";
    }
    return 0;
}

/** The functions that have lines: those --function matches (a shell pattern), or the largest own costs first. */
function lines_functions(Model $m, Views $v, int $c, ?string $pattern, int $limit): array
{
    $have = array_keys($m->lineOwn[0] + $m->lineCalls[0]);
    if ($pattern !== null) {
        $have = array_filter($have, fn($f) => $m->funcName[$f] === $pattern || fnmatch($pattern, $m->funcName[$f], FNM_NOESCAPE));
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

function lines_listing(Model $m, int $f, int $c, int|float $total, bool $raw, Sources $sources): array
{
    $unit = counter_unit_of($m, $c);
    $rows = lines_rows_all($m, $f);
    $value = fn(array $at) => $c < 0 ? $at[0] : $at[1][$c] ?? 0;
    $file = $m->funcFile[$f];
    $text = $sources->lines($file);
    $own = array_sum(array_map(fn($r) => $value($r[0]), $rows));
    $out = [sprintf('%s  %s', $m->funcName[$f], $file === '' ? '(no file)' : $file . ($m->funcLine[$f] ? ':' . $m->funcLine[$f] : ''))];
    $out[] = sprintf('  %s at its lines: %s (%s)%s', counter_label($m, $c), $raw ? exact($own) : human($own, $unit), percent($own, $total),
        $text === null && $file !== '' ? '; source not readable here' : '');
    $out[] = sprintf('  %6s  %16s  %16s  %s', 'line', 'own', 'in calls made', 'source');
    $last = null;
    foreach (lines_shown($rows, $m->funcLine[$f]) as $line) {
        if ($last !== null && $line > $last + 1) {
            $out[] = sprintf('  %6s', '...');
        }
        $last = $line;
        $r = $rows[$line] ?? null;
        $cell = fn($v) => $v ? sprintf('%9s %6s', $raw ? exact($v) : human($v, $unit), percent($v, $total)) : '';
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

/** Source files, read once each; null for one that cannot be read. */
final class Sources
{
    private array $files = [];

    public function lines(string $file): ?array
    {
        if ($file === '' || !array_key_exists($file, $this->files)) {
            $text = $file !== '' && is_file($file) && is_readable($file) && filesize($file) < (8 << 20) ? @file_get_contents($file) : false;
            $this->files[$file] = $text === false ? null : explode("\n", $text);
        }
        return $this->files[$file];
    }
}

/**
 * What the HTML report's source view reads: per function (of the table's,
 * those with lines) its file and shown lines, each [line, source text, own
 * calls, own costs per counter, calls made, their costs per counter] (null
 * for a gap).
 */
function lines_html_data(Model $m, array $funcs): array
{
    $sources = new Sources();
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
        $out[$f] = ['file' => $m->funcFile[$f], 'readable' => $text !== null, 'rows' => $rows];
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
