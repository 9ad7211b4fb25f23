<?php
/*
 * bench report: "bench diff BEFORE... -- AFTER...", what changed between two
 * sets of profiles (two builds, two releases): per owner and counter, own
 * and inclusive cost before and after, judged by benchmarks/compare's noise
 * rule; in the terminal, or as a differential flame graph (SVG) or report
 * (HTML). Sets of different sizes are compared per request.
 */
namespace Bench\Report;

/** A change smaller than this share of a noisy counter's total is noise, whatever its relative size. */
const DIFF_MIN_SHARE = 0.001;
/** Owners below this share of a counter take no part in estimating its noise from the two halves of BEFORE. */
const DIFF_NOISE_MIN_SHARE = 0.01;

final class Diff
{
    public Views $before;
    public Views $after;
    /** what each side is divided by: its profiles, when the sets differ in size */
    public float $beforeDivisor = 1.0;
    public float $afterDivisor = 1.0;
    /** per counter (-1: calls), the relative change within which a difference is noise */
    public array $thresholds = [];
    /** where the thresholds come from */
    public string $noise = '';

    public function __construct(public Model $m, Options $o)
    {
        $this->before = Views::of($m, 0);
        $this->after = Views::of($m, 1);
        if ($m->profiles(0) !== $m->profiles(1)) {
            $this->beforeDivisor = $m->profiles(0);
            $this->afterDivisor = $m->profiles(1);
        }
        $this->thresholds($o);
    }

    /** The counters compared: those that both sets have (calls last). */
    public function counters(): array
    {
        $both = array_keys(array_intersect_key($this->m->counterProfiles[0], $this->m->counterProfiles[1]));
        usort($both, fn($a, $b) => ($a < 0) <=> ($b < 0) ?: $a <=> $b);
        return $both;
    }

    /** What a counter that only one set has says: "allocations: only after". */
    public function onlyOneSide(): array
    {
        $notes = [];
        foreach ([...array_keys($this->m->counterName), -1] as $c) {
            $in = [isset($this->m->counterProfiles[0][$c]), isset($this->m->counterProfiles[1][$c])];
            if ($in[0] !== $in[1]) {
                $notes[] = counter_title($this->m, $c) . ': only ' . ($in[0] ? 'before' : 'after');
            }
        }
        return $notes;
    }

    /** The floor of a counter's threshold: benchmarks/compare's, else 5% for time and samples, 0 for exact counts. */
    private function floor(int $c): float
    {
        if ($c < 0) {
            return $this->m->sampled(0) || $this->m->sampled(1) ? 0.05 : 0.0;
        }
        return BENCH_FLOORS[$this->m->counterName[$c]] ?? ($this->m->counterUnit[$c] === 'ns' ? 0.05 : 0.0);
    }

    /**
     * Thresholds: from --thresholds (benchmarks/noise's file); else, where
     * BEFORE has two profiles or more, 3 x the largest change between its
     * two halves (alternate profiles) over the owners with 1% of a counter or
     * more, as benchmarks/noise takes it between two runs; at least the floor.
     */
    private function thresholds(Options $o): void
    {
        $file = $o->thresholds === null ? null : json_decode((string) @file_get_contents($o->thresholds), true);
        if ($o->thresholds !== null && !is_array($file['metrics'] ?? null)) {
            throw new ReadError("--thresholds={$o->thresholds}: not a noise file of benchmarks/noise");
        }
        $halves = $file === null && $this->m->profiles(2) > 0 && $this->m->profiles(3) > 0;
        $h1 = $halves ? Views::of($this->m, 2) : null;
        $h2 = $halves ? Views::of($this->m, 3) : null;
        foreach ($this->counters() as $c) {
            $floor = $this->floor($c);
            $name = counter_label($this->m, $c);
            if ($file !== null) {
                $metric = $file['metrics'][$name] ?? null;
                // benchmarks/noise's relative threshold; its absolute one is per call, not per profile.
                $this->thresholds[$c] = $metric === null ? $floor : ($metric['relative'] === null ? INF : (float) $metric['relative']);
            } else {
                $this->thresholds[$c] = $halves ? max(3 * $this->largestChange($c, $h1, $h2), $floor) : $floor;
            }
        }
        $this->noise = match (true) {
            $file !== null => "thresholds from {$o->thresholds}",
            $halves => sprintf('thresholds 3 x the largest change between the two halves of BEFORE (%d and %d profiles), at least the floors',
                $this->m->profiles(2), $this->m->profiles(3)),
            default => 'thresholds are the floors (BEFORE has one profile: no noise to measure)',
        };
    }

    private function largestChange(int $c, Views $h1, Views $h2): float
    {
        $n1 = $this->m->profiles(2);
        $n2 = $this->m->profiles(3);
        $own1 = $c < 0 ? $h1->calls : $h1->own[$c];
        $own2 = $c < 0 ? $h2->calls : $h2->own[$c];
        $total = array_sum($own1) / $n1;
        $largest = 0.0;
        foreach ($own1 as $f => $v) {
            $a = $v / $n1;
            if ($total > 0 && $a >= DIFF_NOISE_MIN_SHARE * $total) {
                $largest = max($largest, abs(bench_change($a, ($own2[$f] ?? 0) / $n2)));
            }
        }
        return is_finite($largest) ? $largest : 0.0;
    }

    /** Per counter side: [own per function, inclusive per function, total], divided per request where the sets differ. */
    private function side(Views $v, int $c, float $divisor): array
    {
        $own = $c < 0 ? $v->calls : $v->own[$c];
        $incl = $c < 0 ? $v->calls : $v->incl[$c];
        return [array_map(fn($x) => $x / $divisor, $own), array_map(fn($x) => $x / $divisor, $incl), array_sum($own) / $divisor];
    }

    /** A verdict: 'grown', 'shrunk' or 'noise', under the counter's threshold (and, for a noisy one, DIFF_MIN_SHARE of its total). */
    public function verdict(int $c, int|float $a, int|float $b, int|float $total): string
    {
        $threshold = $this->thresholds[$c];
        if ($threshold > 0 && abs($b - $a) < DIFF_MIN_SHARE * $total) {
            return 'noise';
        }
        return ['worse' => 'grown', 'better' => 'shrunk', 'noise' => 'noise'][bench_verdict(bench_change($a, $b), $threshold)];
    }

    /**
     * The owners of a counter whose own or inclusive cost changed beyond the
     * noise (all of them with $all), the largest change of own cost first:
     * [function, own before, own after, inclusive before, inclusive after,
     * verdict: grown, shrunk, inclusive grown or shrunk (own cost the same), noise].
     */
    public function rows(int $c, bool $all): array
    {
        [$ownA, $inclA, $totalA] = $this->side($this->before, $c, $this->beforeDivisor);
        [$ownB, $inclB, $totalB] = $this->side($this->after, $c, $this->afterDivisor);
        $total = max($totalA, $totalB);
        $rows = [];
        foreach (array_keys($ownA + $ownB + $inclA + $inclB) as $f) {
            $row = [$f, $ownA[$f] ?? 0, $ownB[$f] ?? 0, $inclA[$f] ?? 0, $inclB[$f] ?? 0];
            $verdict = $this->verdict($c, $row[1], $row[2], $total);
            if ($verdict === 'noise' && ($inclusive = $this->verdict($c, $row[3], $row[4], $total)) !== 'noise') {
                $verdict = "inclusive $inclusive";
            }
            if ($all || $verdict !== 'noise') {
                $rows[] = [...$row, $verdict];
            }
        }
        usort($rows, fn($x, $y) => abs($y[2] - $y[1]) <=> abs($x[2] - $x[1]) ?: abs($y[4] - $y[3]) <=> abs($x[4] - $x[3]) ?: $x[0] <=> $y[0]);
        return $rows;
    }

    /** A counter's total before and after, and its verdict. */
    public function total(int $c): array
    {
        $a = $this->side($this->before, $c, $this->beforeDivisor)[2];
        $b = $this->side($this->after, $c, $this->afterDivisor)[2];
        return [$a, $b, ['worse' => 'grown', 'better' => 'shrunk', 'noise' => 'noise'][bench_verdict(bench_change($a, $b), $this->thresholds[$c])]];
    }

    /** What the two sets are, on one line; $o: for the terminal (see summary_line()). */
    public function sets(LoadResult $before, LoadResult $after, int $c, ?Options $o = null): string
    {
        return sprintf('before: %s; after: %s; %s', summary_line($this->m, $before, $c, $this->before, 0, $o),
            summary_line($this->m, $after, $c, $this->after, 1, $o),
            $this->beforeDivisor === 1.0 ? 'costs summed over each set' : 'costs per request (the sets differ in size)');
    }
}

function command_diff(Options $o): int
{
    $m = new Model(4);
    $before = load_set($o->files, $o, $m, 0, fn(Profile $p, int $i) => $m->add($p, 2 + $i % 2));
    $after = load_set($o->after, $o, $m, 1);
    $d = new Diff($m, $o);
    $c = chosen_counter($m, $o->by);
    if ($o->out === null) {
        echo implode("\n", diff_text($d, $o, $c, $before, $after)), "\n";
        return 0;
    }
    if (str_ends_with($o->out, '.svg')) {
        approximate_copy($m, $approx);
        write_output($o->out, flame_svg($approx, diff_flame_spec($d, $o, $c, $d->sets($before, $after, $c) . approximated_note($approx)), true));
    } elseif (str_ends_with($o->out, '.html')) {
        write_output($o->out, diff_html($d, $o, $c, $before, $after));
    } else {
        throw new UsageError("diff -o {$o->out}: an .svg (differential flame graph) or .html (report)");
    }
    say($o, "diff written: {$o->out} (open it in a web browser)");
    return 0;
}

/** The terminal's diff: the sets, each counter's total, then the owners of the chosen counter that changed. */
function diff_text(Diff $d, Options $o, int $chosen, LoadResult $before, LoadResult $after): array
{
    $m = $d->m;
    $lines = [$d->sets($before, $after, $chosen, $o), 'noise: ' . $d->noise, ...array_map(fn($n) => "not compared: $n", $d->onlyOneSide()), ''];
    $table = [['counter', 'before', 'after', 'change', '', 'threshold', '']];
    foreach ($d->counters() as $c) {
        [$a, $b, $verdict] = $d->total($c);
        $unit = counter_unit_of($m, $c);
        $table[] = [counter_title($m, $c, $o->raw), diff_value($a, $unit, $o), diff_value($b, $unit, $o), diff_delta($b - $a, $unit, $o),
            diff_percent($a, $b), is_infinite($d->thresholds[$c]) ? 'never' : sprintf('%.2f%%', 100 * $d->thresholds[$c]), $verdict];
    }
    $lines = [...$lines, ...align($table), ''];
    $label = counter_title($m, $chosen, $o->raw);
    if (!in_array($chosen, $d->counters(), true)) {
        $lines[] = "$label: not in both sets";
        return $lines;
    }
    $rows = $d->rows($chosen, $o->all);
    if (!$rows) {
        $lines[] = "$label: no owner changed beyond the noise";
        return $lines;
    }
    $unit = counter_unit_of($m, $chosen);
    $lines[] = sprintf('%s by owner, largest change of own cost first (%s of %s):', $label, number_format(min(count($rows), $o->limit)), number_format(count($rows)));
    $table = [['own before', 'own after', 'own change', '', 'incl before', 'incl after', 'incl change', '']];
    foreach (array_slice($rows, 0, $o->limit) as [$f, $oa, $ob, $ia, $ib, $verdict]) {
        $table[] = [diff_value($oa, $unit, $o), diff_value($ob, $unit, $o), diff_delta($ob - $oa, $unit, $o), diff_percent($oa, $ob),
            diff_value($ia, $unit, $o), diff_value($ib, $unit, $o), diff_delta($ib - $ia, $unit, $o), $verdict, function_label($m, $f, null)];
    }
    return [...$lines, ...align($table)];
}

function diff_value(int|float $x, string $unit, Options $o): string
{
    return cell_value($x, $unit, $o->raw);
}

function diff_delta(int|float $x, string $unit, Options $o): string
{
    return ($x > 0 ? '+' : ($x < 0 ? '-' : '')) . diff_value(abs($x), $unit, $o);
}

function diff_percent(int|float $a, int|float $b): string
{
    $change = bench_change($a, $b);
    return is_infinite($change) ? 'new' : sprintf('%+.2f%%', 100 * $change);
}

/** Right-aligned columns, but for a last column beyond the header's (the function's name), left as it is. */
function align(array $rows): array
{
    $widths = [];
    foreach ($rows as $row) {
        foreach (array_slice($row, 0, count($rows[0])) as $k => $cell) {
            $widths[$k] = max($widths[$k] ?? 0, mb_width($cell));
        }
    }
    return array_map(function (array $row) use ($widths) {
        $cells = [];
        foreach ($row as $k => $cell) {
            $cells[] = isset($widths[$k]) ? str_repeat(' ', $widths[$k] - mb_width($cell)) . $cell : $cell;
        }
        return rtrim(implode('  ', $cells));
    }, $rows);
}

/** A differential flame graph: widths after, colours by the change of each frame's own cost. */
function diff_flame_spec(Diff $d, Options $o, int $c, string $note): FlameSpec
{
    $spec = new FlameSpec();
    $spec->counter = $c;
    $spec->side = 1;
    $spec->before = 0;
    $spec->divisor = $d->afterDivisor;
    $spec->beforeDivisor = $d->beforeDivisor;
    $spec->thresholds = $d->thresholds;
    $spec->icicle = $o->icicle;
    $spec->width = $o->width;
    $spec->minWidth = $o->minWidth;
    $spec->title = $o->title ?? 'Differential flame graph of ' . counter_label($d->m, $c) . ': widths after, red grown, blue shrunk';
    $spec->note = $note;
    return $spec;
}

/** The diff as an HTML page: per counter, a differential flame graph and the owners' changes. */
function diff_html(Diff $d, Options $o, int $chosen, LoadResult $before, LoadResult $after): string
{
    $m = $d->m;
    $sets = $d->sets($before, $after, $chosen);
    approximate_copy($m, $approx);
    $options = $flames = $tables = '';
    $counters = $d->counters();
    foreach (in_array($chosen, $counters, true) ? array_unique([$chosen, ...$counters]) : $counters as $i => $c) {
        $id = 'flame-' . counter_label($m, $c);
        $spec = diff_flame_spec($d, $o, $c, approximated_note($approx));
        $spec->id = $id;
        $spec->title = '';
        $options .= sprintf('<option value="%s"%s>%s</option>', esc($id), $i ? '' : ' selected', esc(counter_label($m, $c)));
        $flames .= sprintf('<div class="flame%s" data-id="%s">%s</div>', $i ? ' hidden' : '', esc($id), flame_svg($approx, $spec, false));
        $tables .= sprintf('<div class="per-counter%s" data-id="%s">%s</div>', $i ? ' hidden' : '', esc($id), diff_html_table($d, $c, $o));
    }
    $body = '<section id="flames"><h2>Differential flame graph</h2><p class="hint">Widths are after; red frames grew, blue ones shrank '
        . '(their own cost, beyond the noise).</p><div class="controls"><label>Counter <select id="counter">' . $options . '</select></label> '
        . '<label>Search <input id="search" type="search" placeholder="text or /regex/" autocomplete="off"></label></div>' . $flames
        . '</section><section id="changes"><h2>Changes by owner</h2><p class="hint">' . esc($d->noise) . '</p>' . $tables . '</section>';
    return html_page($o->title ?? 'bench diff', $sets, $body, []);
}

function diff_html_table(Diff $d, int $c, Options $o): string
{
    $rows = $d->rows($c, $o->all);
    if (!$rows) {
        return '<p>No owner changed beyond the noise.</p>';
    }
    $unit = counter_unit_of($d->m, $c);
    $out = '<div class="scroll"><table class="sortable"><thead><tr><th data-sort="text">function</th><th data-sort="num">own before</th>'
        . '<th data-sort="num">own after</th><th data-sort="num">own change</th><th data-sort="num">inclusive before</th>'
        . '<th data-sort="num">inclusive after</th><th data-sort="num">inclusive change</th><th data-sort="text">verdict</th></tr></thead><tbody>';
    foreach ($rows as [$f, $oa, $ob, $ia, $ib, $verdict]) {
        $out .= sprintf('<tr class="%s"><td class="name">%s</td>%s%s%s%s%s%s<td>%s</td></tr>' . "\n", $verdict, esc($d->m->funcName[$f]),
            html_cell($oa, $unit), html_cell($ob, $unit), html_cell($ob - $oa, $unit), html_cell($ia, $unit), html_cell($ib, $unit),
            html_cell($ib - $ia, $unit), $verdict);
    }
    return $out . '</tbody></table></div>';
}
