<?php
/*
 * bench report: flame graphs as SVG. A frame per call path, as wide as its
 * inclusive cost of one counter; its tooltip gives every counter. Frames
 * narrower than --min-width are not drawn one by one: the small children of
 * a frame are drawn as one frame, with how many they are. The SVG carries its
 * own script (assets/flame.js): hover, click to zoom, search.
 */
namespace Bench\Report;

const FLAME_FRAME_HEIGHT = 16;
const FLAME_TOP = 60;
const FLAME_BOTTOM = 28;
/** A note's lines: their height, and how many at most. */
const FLAME_NOTE_LINE = 15;
const FLAME_NOTE_LINES = 4;
/** A frame's label fits in (width - 6) / this many characters (12px Verdana). */
const FLAME_CHAR_WIDTH = 7;
/**
 * Frames deeper than this are not drawn: their ancestors' widths still hold
 * their cost. A deeper graph is too tall to read, and a crafted chain of a
 * million calls would make an SVG of gigabytes (bench.max_depth's default
 * keeps a profile's own stacks under it).
 */
const FLAME_MAX_DEPTH = 1024;

/** What a flame graph draws: a model's tree, one counter, and for a differential graph the side before. */
final class FlameSpec
{
    public string $title = '';
    public string $note = '';
    /** the counter that gives widths (-1: calls) */
    public int $counter = -1;
    public int $side = 0;
    /** differential: the side before, and each side's divisor (its profiles, when the sets differ in size) */
    public ?int $before = null;
    public float $divisor = 1.0;
    public float $beforeDivisor = 1.0;
    /** per counter: the relative change under which a frame is not coloured (diff's noise thresholds) */
    public array $thresholds = [];
    public bool $icicle = false;
    public float $width = 1200;
    public float $minWidth = 0.2;
    public string $id = 'flame';
    /** where the frames start: below the title, the note's lines and the legend */
    public int $top = FLAME_TOP;
}

/** The flame graph as an SVG document (standalone: with its script and XML prolog) or an <svg> element for HTML. */
function flame_svg(Model $m, FlameSpec $spec, bool $standalone): string
{
    $children = children($m);
    $incl = node_inclusive($m, $spec->side);
    $before = $spec->before === null ? null : node_inclusive($m, $spec->before);
    $calls = $m->calls[$spec->side];
    $values = $spec->counter < 0 ? $calls : ($incl[$spec->counter] ?? []);
    $layout = new FlameLayout($m, $spec, $children, $values);
    $frames = $layout->frames();
    if ($layout->cut) {
        $spec->note = trim($spec->note . sprintf(' (%s drawn only to %s frames deep)', plural($layout->cut, 'stack'),
            number_format(FLAME_MAX_DEPTH)));
    }
    $note = flame_note_lines($spec->note, $spec->width);
    $spec->top = FLAME_TOP + FLAME_NOTE_LINE * (count($note) - 1);
    $height = $spec->top + FLAME_BOTTOM + FLAME_FRAME_HEIGHT * max(1, $layout->depth);
    $out = [];
    if ($standalone) {
        $out[] = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n";
    }
    $w = $spec->width;
    $out[] = sprintf('<svg xmlns="http://www.w3.org/2000/svg" version="1.1" id="%s" class="bench-flame" width="%d" height="%d" '
        . 'viewBox="0 0 %d %d" data-unit="%s" data-total="%s" data-icicle="%d" data-top="%d" data-bottom="%d" data-frame="%d">' . "\n",
        esc($spec->id), $w, $height, $w, $height, counter_unit_of($m, $spec->counter), $layout->total, $spec->icicle ? 1 : 0,
        $spec->top, $height - FLAME_BOTTOM, FLAME_FRAME_HEIGHT);
    if ($standalone) {
        // The policy of an SVG file opened by itself: Chromium takes it from an XHTML <head> (inside a foreignObject that
        // draws nothing), though from no <meta> elsewhere; a browser that ignores it still has the escaping.
        $style = file_get_contents(__DIR__ . '/assets/flame.css');
        $script = "\n" . file_get_contents(__DIR__ . '/assets/flame.js') . "\nBenchFlame.standalone(document.documentElement);\n";
        $out[] = '<foreignObject width="0" height="0"><head xmlns="http://www.w3.org/1999/xhtml">'
            . '<meta http-equiv="Content-Security-Policy" content="' . esc(report_csp($script, $style)) . "\"/></head></foreignObject>\n";
        $out[] = "<style>$style</style>\n";
    }
    $out[] = flame_header($spec, $w, $note);
    $out[] = "<g class=\"frames\">\n";
    $tip = new FlameTooltip($m, $spec, $incl, $before, $calls, $spec->before === null ? [] : $m->calls[$spec->before], $children[-1] ?? []);
    $bottom = $spec->top + FLAME_FRAME_HEIGHT * $layout->depth;
    foreach ($frames as $frame) {
        $out[] = flame_frame($m, $spec, $frame, $tip, $bottom);
    }
    $out[] = "</g>\n";
    $out[] = sprintf('<text class="details" x="10" y="%d"> </text>' . "\n", $height - 10);
    if ($standalone) {
        $out[] = "<script><![CDATA[$script]]></script>\n";
    }
    $out[] = "</svg>\n";
    return implode('', $out);
}

/** Text or an attribute's value in HTML and SVG (XML): a profile's strings are anyone's who could write its directory. */
function esc(string $s): string
{
    // XML 1.0 lacks control characters but tab, newline and carriage return, and U+FFFE and U+FFFF: a name read from a
    // damaged file may hold them, and the SVG would not open. ENT_DISALLOWED makes them U+FFFD, as ENT_SUBSTITUTE bad UTF-8.
    return htmlspecialchars($s, ENT_QUOTES | ENT_XML1 | ENT_SUBSTITUTE | ENT_DISALLOWED, 'UTF-8');
}

/**
 * The Content-Security-Policy of a report or SVG: only its own inline script
 * and style (by their hashes; no inline handler, no eval), no network, no
 * plugin, no <base>, no form, and no string into innerHTML and the other
 * sinks of Trusted Types.
 */
function report_csp(string $script, string $style): string
{
    $hash = fn(string $text) => "'sha256-" . base64_encode(hash('sha256', $text, true)) . "'";
    return "default-src 'none'; script-src " . $hash($script) . '; style-src ' . $hash($style) . "; object-src 'none'; base-uri 'none'; "
        . "form-action 'none'; require-trusted-types-for 'script'; trusted-types 'none'";
}

/** A note in lines that fit the graph's width (SVG text does not wrap), at most FLAME_NOTE_LINES. */
function flame_note_lines(string $note, float $w): array
{
    $chars = max(20, (int) floor(($w - 20) / FLAME_CHAR_WIDTH));
    $lines = explode("\n", wordwrap(strtr($note, "\n", ' '), $chars, "\n", true));
    if (count($lines) > FLAME_NOTE_LINES) {
        $lines = array_slice($lines, 0, FLAME_NOTE_LINES);
        $lines[FLAME_NOTE_LINES - 1] .= ' ..';
    }
    return $lines;
}

/** Title, note, legend and the buttons (Reset zoom, Search), with the line that search fills. */
function flame_header(FlameSpec $spec, float $w, array $note): string
{
    $out = sprintf('<rect class="background" width="100%%" height="100%%"/>' . "\n"
        . '<text class="title" x="%d" y="22">%s</text>' . "\n", $w / 2, esc($spec->title));
    foreach ($note as $i => $line) {
        $out .= sprintf('<text class="note" x="%d" y="%d">%s</text>' . "\n", $w / 2, 40 + FLAME_NOTE_LINE * $i, esc($line));
    }
    $extra = $spec->top - FLAME_TOP;
    $x = 10;
    $legend = $spec->before === null
        ? ['user' => 'user code', 'internal' => 'PHP internal', 'extension' => 'extension', 'native' => 'native', 'request' => '{request}']
        : ['grown' => 'grown', 'shrunk' => 'shrunk', 'same' => 'no change'];
    foreach ($legend as $kind => $label) {
        $out .= sprintf('<rect class="legend" x="%d" y="%d" width="10" height="10" fill="%s"/><text class="legend" x="%d" y="%d">%s</text>' . "\n",
            $x, 48 + $extra, flame_legend_colour($kind), $x + 14, 57 + $extra, esc($label));
        $x += 24 + 7 * strlen($label);
    }
    $out .= sprintf('<text class="button reset" x="%d" y="22">Reset zoom</text>' . "\n", 10);
    $out .= sprintf('<text class="button search" x="%d" y="22">Search</text>' . "\n", $w - 60);
    $out .= sprintf('<text class="matched" x="%d" y="%d"> </text>' . "\n", $w - 10, 57 + $extra);
    return $out;
}

/** One frame: a group with its tooltip, box and label. */
function flame_frame(Model $m, FlameSpec $spec, array $frame, FlameTooltip $tip, int $bottom): string
{
    [$node, $x, $width, $depth, $value, $small] = $frame;
    $y = $spec->icicle ? $spec->top + $depth * FLAME_FRAME_HEIGHT : $bottom - ($depth + 1) * FLAME_FRAME_HEIGHT;
    if ($small) {
        $name = sprintf('%s frames under %.1f px', number_format($small), $spec->minWidth);
        $title = sprintf("%s\n%s: %s together", $name, counter_label($m, $spec->counter), human_exact($value, counter_unit_of($m, $spec->counter)));
        $class = 'coalesced';
        $fill = '#dddddd';
    } else {
        $f = $m->func[$node];
        $name = $m->funcName[$f];
        $title = $tip->text($node);
        $class = kind_of($name, $m->funcFile[$f]);
        $fill = $spec->before === null ? flame_colour($class, $name) : $tip->diffColour($node);
    }
    return sprintf('<g class="f %s" data-v="%s"><title>%s</title><rect x="%.2f" y="%d" width="%.2f" height="%d" fill="%s"/>'
        . '<text x="%.2f" y="%d">%s</text></g>' . "\n",
        $class, is_float($value) ? round($value, 3) : $value, esc($title), $x, $y, $width, FLAME_FRAME_HEIGHT - 1, $fill,
        $x + 3, $y + FLAME_FRAME_HEIGHT - 4, esc(flame_label($name, $width)));
}

/**
 * A frame's label for its width: the name, else its short name (no
 * namespaces, no directories), else the short name cut. flame.js's label()
 * draws the same on zoom.
 */
function flame_label(string $name, float $width): string
{
    $chars = (int) floor(($width - 6) / FLAME_CHAR_WIDTH);
    if ($chars < 3) {
        return '';
    }
    if (mb_width($name) <= $chars) {
        return $name;
    }
    $short = short_name($name);
    return mb_width($short) <= $chars ? $short : implode('', array_slice(preg_split('//u', $short, -1, PREG_SPLIT_NO_EMPTY), 0, $chars - 2)) . '..';
}

/** A frame's colour by its kind, varied by its name so that neighbours differ. */
function flame_colour(string $kind, string $name): string
{
    $h = crc32($name);
    $v1 = ($h & 0xff) / 255;
    $v2 = (($h >> 8) & 0xff) / 255;
    return match ($kind) {
        'user' => sprintf('rgb(%d,%d,%d)', 225 + 30 * $v1, 100 + 110 * $v2, 40 + 30 * $v1),
        'internal' => sprintf('rgb(%d,%d,%d)', 80 + 40 * $v1, 160 + 50 * $v2, 210 + 40 * $v1),
        'extension' => sprintf('rgb(%d,%d,%d)', 170 + 40 * $v1, 120 + 40 * $v2, 220 + 30 * $v1),
        'native' => sprintf('rgb(%d,%d,%d)', 90 + 50 * $v1, 190 + 50 * $v2, 90 + 40 * $v1),
        default => sprintf('rgb(%d,%d,%d)', 185 + 20 * $v1, 185 + 20 * $v1, 185 + 20 * $v1),
    };
}

function flame_legend_colour(string $kind): string
{
    return match ($kind) {
        'grown' => 'rgb(230,70,60)',
        'shrunk' => 'rgb(70,110,230)',
        'same' => 'rgb(240,240,240)',
        default => flame_colour($kind, ''),
    };
}

/**
 * Lays frames out: each node at the x of its parent plus its elder
 * siblings' widths (siblings by name), children above (below for icicles).
 */
final class FlameLayout
{
    public int $depth = 0;
    public int|float $total = 0;
    /** how many frames at FLAME_MAX_DEPTH had children not drawn */
    public int $cut = 0;

    public function __construct(private Model $m, private FlameSpec $spec, private array $children, private array $values)
    {
    }

    /** @return list<array{int, float, float, int, int|float, int}> [node (-1: coalesced), x, width, depth, value, how many coalesced] */
    public function frames(): array
    {
        $roots = $this->children[-1] ?? [];
        foreach ($roots as $r) {
            $this->total += $this->values[$r] ?? 0;
        }
        if ($this->total <= 0) {
            return [];
        }
        $scale = $this->spec->width / $this->total;
        $frames = [];
        // Depth first without recursion: [nodes of one parent, x, depth].
        $stack = [[$roots, 0.0, 0]];
        while ($stack) {
            [$siblings, $x, $depth] = array_pop($stack);
            $this->depth = max($this->depth, $depth + 1);
            $small = 0;
            $smallValue = 0;
            foreach ($this->sorted($siblings) as $n) {
                $value = $this->values[$n] ?? 0;
                $width = $value * $scale;
                if ($value <= 0) {
                    continue;
                }
                if ($width < $this->spec->minWidth) {
                    $small++;
                    $smallValue += $value;
                    continue;
                }
                $frames[] = [$n, $x, $width, $depth, $value, 0];
                if (isset($this->children[$n]) && $depth + 1 < FLAME_MAX_DEPTH) {
                    $stack[] = [$this->children[$n], $x, $depth + 1];
                } elseif (isset($this->children[$n])) {
                    $this->cut++;
                }
                $x += $width;
            }
            if ($small && $smallValue * $scale >= $this->spec->minWidth) {
                $frames[] = [-1, $x, $smallValue * $scale, $depth, $smallValue, $small];
            }
        }
        return $frames;
    }

    private function sorted(array $nodes): array
    {
        usort($nodes, fn($a, $b) => strcmp($this->m->funcName[$this->m->func[$a]], $this->m->funcName[$this->m->func[$b]]));
        return $nodes;
    }
}

/** A frame's tooltip: its name and place, then each counter's inclusive and own cost, and calls; for a diff, before and after. */
final class FlameTooltip
{
    /** per counter: the graph's total (its roots' inclusive cost) */
    private array $total = [];

    public function __construct(private Model $m, private FlameSpec $spec, private array $incl, private ?array $before,
        private array $calls, private array $beforeCalls, array $roots)
    {
        foreach ($incl as $c => $values) {
            $this->total[$c] = 0;
            foreach ($roots as $r) {
                $this->total[$c] += $values[$r] ?? 0;
            }
        }
    }

    public function text(int $node): string
    {
        $m = $this->m;
        $f = $m->func[$node];
        $file = $m->funcFile[$f];
        $lines = [$m->funcName[$f]];
        if ($file !== '' && $file !== 'php:internal') {
            $lines[] = $file . ($m->funcLine[$f] ? ':' . $m->funcLine[$f] : '');
        }
        foreach ($m->counterName as $c => $name) {
            $unit = $m->counterUnit[$c];
            $incl = ($this->incl[$c][$node] ?? 0) / $this->spec->divisor;
            $own = ($m->own[$this->spec->side][$c][$node] ?? 0) / $this->spec->divisor;
            if ($this->before === null) {
                $lines[] = sprintf('%s: %s inclusive, %s; own %s', $name, human_exact($incl, $unit),
                    percent($incl * $this->spec->divisor, $this->total[$c] ?? 0), human_exact($own, $unit));
                continue;
            }
            $was = ($this->before[$c][$node] ?? 0) / $this->spec->beforeDivisor;
            $wasOwn = ($m->own[$this->spec->before][$c][$node] ?? 0) / $this->spec->beforeDivisor;
            $lines[] = sprintf('%s: inclusive %s → %s (%s); own %s → %s (%s)', $name, human($was, $unit), human($incl, $unit),
                signed($incl - $was, $unit), human($wasOwn, $unit), human($own, $unit), signed($own - $wasOwn, $unit));
        }
        $calls = ($this->calls[$node] ?? 0) / $this->spec->divisor;
        $label = $m->sampled($this->spec->side) ? 'samples' : 'calls';
        $lines[] = $this->before === null ? "$label: " . exact($calls)
            : sprintf('%s: %s → %s', $label, exact(($this->beforeCalls[$node] ?? 0) / $this->spec->beforeDivisor), exact($calls));
        return implode("\n", $lines);
    }

    /** Red where the frame's own cost grew, blue where it shrank, deeper the more; white within the threshold. */
    public function diffColour(int $node): string
    {
        $c = $this->spec->counter;
        $own = $c < 0 ? ($this->calls[$node] ?? 0) : ($this->m->own[$this->spec->side][$c][$node] ?? 0);
        $was = $c < 0 ? ($this->beforeCalls[$node] ?? 0) : ($this->m->own[$this->spec->before][$c][$node] ?? 0);
        $own /= $this->spec->divisor;
        $was /= $this->spec->beforeDivisor;
        $change = $was == 0 ? ($own == 0 ? 0.0 : 1.0) : ($own - $was) / abs($was);
        if (abs($change) <= ($this->spec->thresholds[$c] ?? 0.0)) {
            return 'rgb(240,240,240)';
        }
        $depth = (int) round(200 * min(1.0, 0.25 + abs($change)));
        return $change > 0 ? sprintf('rgb(250,%d,%d)', 240 - $depth, 240 - $depth) : sprintf('rgb(%d,%d,250)', 240 - $depth, 240 - $depth);
    }
}

/** A difference with its sign and unit. */
function signed(int|float $delta, string $unit): string
{
    return ($delta > 0 ? '+' : ($delta < 0 ? '−' : '±')) . human(abs($delta), $unit);
}

function command_flame(Options $o): int
{
    $m = new Model();
    $loaded = load_set($o->files, $o, $m);
    $summary = summary_line($m, $loaded, chosen_counter($m, $o->by), Views::of($m));
    approximate($m);
    $spec = flame_spec($m, $o, $summary);
    write_output($o->out, flame_svg($m, $spec, true));
    say($o, "flame graph written: {$o->out} (open it in a web browser)");
    return 0;
}

/** What a graph of a model shows, from the options: counter, title, the note on the set (and on approximated paths). */
function flame_spec(Model $m, Options $o, string $summary, ?int $counter = null): FlameSpec
{
    $spec = new FlameSpec();
    $spec->counter = $counter ?? chosen_counter($m, $o->by);
    $spec->icicle = $o->icicle;
    $spec->width = $o->width;
    $spec->minWidth = $o->minWidth;
    $spec->title = $o->title ?? ($o->icicle ? 'Icicle graph' : 'Flame graph') . ' of ' . counter_label($m, $spec->counter);
    $spec->note = $summary . approximated_note($m);
    return $spec;
}

/** What a graph says when some of its paths were estimated from call edges. */
function approximated_note(Model $m): string
{
    if (!$m->approximated) {
        return '';
    }
    $graph = array_sum($m->graphProfiles);
    $all = $graph + array_sum($m->pathProfiles);
    return sprintf('. Approximated: %s of %s profiles have call edges only (callgrind, JSON before format_version 1): '
        . 'their paths below the first call are estimated', number_format($graph), number_format($all))
        . ($m->approximateStopped ? sprintf(' (the estimate stopped at %s paths: %s calls stay with their callers)',
            number_format(APPROXIMATE_MAX_NODES), number_format($m->approximateStopped)) : '');
}
