<?php
/*
 * bench report: "bench top", the owners with the most cost, as a table that
 * fits the terminal.
 */
namespace Bench\Report;

function command_top(Options $o): int
{
    $m = new Model();
    $loaded = load_set($o->files, $o, $m);
    $v = Views::of($m);
    $c = chosen_counter($m, $o->by);
    echo summary_line($m, $loaded, $c, $v, 0, $o), "\n";
    echo implode("\n", top_table($m, $v, $c, $o)), "\n";
    return 0;
}

/** The counter --by names (index; -1 for calls), or the first of wall_ns, cpu_ns, instructions and the profile's first. */
function chosen_counter(Model $m, ?string $by): int
{
    if ($by !== null) {
        $c = $m->counter($by);
        if ($c === null) {
            throw new UsageError("--by=$by: these profiles have " . implode(', ', [...$m->counterName, $m->sampled() ? 'samples' : 'calls']));
        }
        return $c;
    }
    foreach (['wall_ns', 'cpu_ns', 'instructions'] as $name) {
        if (isset($m->counterIds[$name])) {
            return $m->counterIds[$name];
        }
    }
    return $m->counterName ? 0 : -1;
}

function counter_label(Model $m, int $c): string
{
    return $c < 0 ? ($m->sampled() ? 'samples' : 'calls') : $m->counterName[$c];
}

/**
 * A counter as the terminal commands show it: its title ("wall time",
 * "allocations"; --by takes its name), under --raw with the unit its plain
 * numbers are in where the title does not say it ("wall time (ns)").
 */
function counter_title(Model $m, int $c, bool $raw = false): string
{
    $name = counter_label($m, $c);
    $title = COUNTER_TITLES[$name] ?? $name;
    return $raw && counter_unit_of($m, $c) === 'ns' && !str_ends_with($title, '_ns') ? "$title (ns)" : $title;
}

function counter_unit_of(Model $m, int $c): string
{
    return $c < 0 ? 'count' : $m->counterUnit[$c];
}

/**
 * "3 profiles (sample mode), 2024-01-31 12:00:00 to 12:05:00 UTC; by wall_ns, 1.23 s in all"; $o: for the terminal
 * (a command's text output, where --raw applies).
 */
function summary_line(Model $m, LoadResult $loaded, int $c, Views $v, int $side = 0, ?Options $o = null): string
{
    $r = $m->requests[$side];
    $modes = [];
    foreach ($m->modes[$side] as $mode => $n) {
        // Folded stacks have no header: neither the mode nor, for a merge, how many profiles it holds.
        $unknown = ($m->folded[$side] ?? 0) === $n ? 'folded stacks, mode not recorded' : 'mode not recorded';
        $modes[] = (count($m->modes[$side]) > 1 ? number_format($n) . ' ' : '') . ($mode === 'unknown' ? $unknown : "$mode mode");
    }
    $when = $r->first ? gmdate('Y-m-d H:i:s', intdiv($r->first, 1_000_000_000)) . ' to ' . gmdate('Y-m-d H:i:s', intdiv($r->last, 1_000_000_000)) . ' UTC' : '';
    $total = $c < 0 ? array_sum($v->calls) : $v->total[$c];
    $line = sprintf('%s (%s)%s; by %s, %s in all', plural($m->profiles($side), 'profile'), implode(', ', $modes), $when ? ", $when" : '',
        $o === null ? counter_label($m, $c) : counter_title($m, $c, $o->raw),
        cell_value($total, counter_unit_of($m, $c), $o !== null && $o->raw));
    if ($loaded->skipped) {
        $line .= sprintf('; %s skipped', number_format(count($loaded->skipped)));
    }
    return $line;
}

/** The terminal's width: $COLUMNS, else stty's when stdout is a terminal; null when neither (no truncation). */
function terminal_width(): ?int
{
    $columns = (int) getenv('COLUMNS');
    if ($columns > 0) {
        return $columns;
    }
    if (stream_isatty(STDOUT) && preg_match('/^\d+ (\d+)$/', trim((string) @shell_exec('stty size 2>/dev/null </dev/tty')), $m)) {
        return (int) $m[1];
    }
    return null;
}

/** The rows of the table: own, own%, inclusive, incl%, calls, function (and file:line where it fits). */
function top_table(Model $m, Views $v, int $c, Options $o): array
{
    $unit = counter_unit_of($m, $c);
    $values = fn(int $f, string $what) => $c < 0 ? ($v->calls[$f] ?? 0) : ($v->$what[$c][$f] ?? 0);
    $total = $c < 0 ? array_sum($v->calls) : $v->total[$c];
    $fmt = fn($x) => cell_value($x, $unit, $o->raw);
    $rows = [];
    foreach (array_slice($v->order($c, $o->sort), 0, $o->limit) as $f) {
        $rows[] = [$fmt($values($f, 'own')), percent($values($f, 'own'), $total), $fmt($values($f, 'incl')),
            percent($values($f, 'incl'), $total), cell_value($v->calls[$f] ?? 0, 'count', $o->raw), $f];
    }
    $head = ['own', 'own%', 'inclusive', 'incl%', counter_label($m, -1), 'function'];
    $widths = [];
    foreach ([$head, ...$rows] as $row) {
        for ($k = 0; $k < 5; $k++) {
            $widths[$k] = max($widths[$k] ?? 0, mb_width($row[$k]));
        }
    }
    $room = terminal_width();
    $room = $room === null ? null : max(20, $room - array_sum($widths) - 2 * 5);
    $lines = [table_line($head, $widths, $head[5])];
    foreach ($rows as $row) {
        $lines[] = table_line($row, $widths, function_label($m, $row[5], $room));
    }
    return $lines;
}

function table_line(array $row, array $widths, string $last): string
{
    $cells = [];
    for ($k = 0; $k < 5; $k++) {
        $cells[] = str_repeat(' ', $widths[$k] - mb_width($row[$k])) . $row[$k];
    }
    return implode('  ', $cells) . '  ' . $last;
}

/** Width in characters of UTF-8 text (no mbstring needed). */
function mb_width(string $s): int
{
    return (int) preg_match_all('/./us', $s);
}

/** A function's name, with its file's base name and line where they fit in $room characters (null: no limit). */
function function_label(Model $m, int $f, ?int $room): string
{
    $name = $m->funcName[$f];
    $file = $m->funcFile[$f];
    $where = $file !== '' && $file !== 'php:internal' && !str_contains($name, $file) ? basename($file) . ($m->funcLine[$f] ? ':' . $m->funcLine[$f] : '') : '';
    $label = $where !== '' ? "$name  $where" : $name;
    if ($room === null || mb_width($label) <= $room) {
        return $label;
    }
    if (mb_width($name) <= $room) {
        return $name;
    }
    // The end of a long name tells most (the method of a namespaced class): cut its start.
    return '…' . implode('', array_slice(preg_split('//u', $name, -1, PREG_SPLIT_NO_EMPTY), -($room - 1)));
}
