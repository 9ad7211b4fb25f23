<?php
/*
 * bench report: "bench html", one self-contained HTML file (no network: its
 * styles, scripts and data are inline): flame graphs per counter, the top
 * table, callers and callees of a function with its costs per line, the
 * requests and the endpoints.
 */
namespace Bench\Report;

/** Rows of the function table at most (the most costly by the chosen counter's inclusive cost). */
const HTML_FUNCTIONS = 2000;
/** Functions (the table's first) whose source lines the report holds. */
const HTML_LINE_FUNCTIONS = 300;
/** Call paths at most in the report's copy of the tree (for the sandwich view). */
const HTML_TREE_NODES = 20_000;
/** Requests whose own flame graph the report holds: every one of a set up to this size... */
const HTML_REQUEST_ALL = 20;
/** ...else the slowest, the most allocating (this many of each) and each endpoint's median request (this many endpoints). */
const HTML_REQUEST_EACH = 10;
/** Call paths at most in the requests' trees together. */
const HTML_REQUEST_NODES = 200_000;
/** Requests shown in each of the two request tables. */
const HTML_REQUESTS = 50;

function command_html(Options $o): int
{
    Profile::$keepLines = true;
    Timeline::$keep = true;
    $m = new Model();
    $loaded = load_set($o->files, $o, $m);
    write_output($o->out, html_report($m, $o, $loaded));
    say($o, "report written: {$o->out} (open it in a web browser: file://" . (realpath($o->out) ?: $o->out) . ')');
    return 0;
}

function html_report(Model $m, Options $o, LoadResult $loaded): string
{
    $v = Views::of($m);
    $chosen = chosen_counter($m, $o->by);
    $summary = summary_line($m, $loaded, $chosen, $v);
    $title = $o->title ?? 'bench report';
    approximate_copy($m, $approx);
    $requests = html_request_trees($m->requests[0], $o);
    $sections = [
        html_flames($approx, $o, $chosen, $summary),
        html_timelines(Timeline::$kept),
        html_functions($m, $v, $chosen),
        html_requests($m->requests[0], $requests['index']),
        html_endpoints($m->requests[0], $requests['index']),
        html_skipped($loaded),
    ];
    $listed = array_slice($v->order($chosen, $chosen < 0 ? 'calls' : 'inclusive'), 0, HTML_LINE_FUNCTIONS);
    $sources = new Sources($m, $o);
    $lines = lines_html_data($m, $listed, $sources);
    // Who opens the page sees the lines of the files it names: say so, so that a report is not passed on unawares.
    if ($sources->read_count()) {
        $summary .= sprintf('. It holds source lines of %s read where it was made', plural($sources->read_count(), 'file'));
    }
    return html_page($title, $summary, implode("\n", $sections),
        ['functions' => html_graph_data($m, $v, $chosen), 'lines' => (object) $lines, 'tree' => html_tree_data($approx),
            'requests' => $requests['trees']]);
}

/**
 * The page around the sections, with the styles, the scripts and the data
 * that the scripts read. Every string of a profile reaches it escaped (esc(),
 * and JSON that the scripts put in as text); its Content-Security-Policy
 * comes first, so that markup that slipped through would neither run nor
 * load anything.
 */
function html_page(string $title, string $summary, string $body, array $data): string
{
    $json = json_encode($data, JSON_HEX_TAG | JSON_HEX_AMP | JSON_HEX_APOS | JSON_HEX_QUOT | JSON_INVALID_UTF8_SUBSTITUTE
        | JSON_PRESERVE_ZERO_FRACTION);
    $style = file_get_contents(__DIR__ . '/assets/flame.css') . file_get_contents(__DIR__ . '/assets/report.css');
    $script = file_get_contents(__DIR__ . '/assets/flame.js') . "\n" . file_get_contents(__DIR__ . '/assets/sandwich.js') . "\n"
        . file_get_contents(__DIR__ . '/assets/report.js');
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        . '<meta http-equiv="Content-Security-Policy" content="' . esc(report_csp($script, $style)) . "\">\n"
        . '<title>' . esc($title) . "</title>\n<style>$style</style>\n"
        . "</head>\n<body>\n<h1>" . esc($title) . "</h1>\n<p class=\"summary\">" . esc($summary) . "</p>\n"
        . $body
        . "\n<script type=\"application/json\" id=\"bench-data\">$json</script>\n"
        . "<script>$script</script>\n"
        . "</body>\n</html>\n";
}

/** Counters that get a flame graph: the chosen one first, then the others the set has, and calls (or samples). */
function html_flame_counters(Model $m, int $chosen): array
{
    $counters = [$chosen];
    foreach (array_keys($m->counterName) as $c) {
        $counters[] = $c;
    }
    $counters[] = -1;
    return array_values(array_unique($counters));
}

/** The flame graphs of a model whose tree holds the estimated paths too (approximate_copy()). */
function html_flames(Model $approx, Options $o, int $chosen, string $summary): string
{
    $options = '';
    $svgs = '';
    foreach (html_flame_counters($approx, $chosen) as $i => $c) {
        $spec = flame_spec($approx, $o, $summary, $c);
        $spec->id = 'flame-' . counter_label($approx, $c);
        $spec->title = '';
        $spec->note = approximated_note($approx);
        $options .= sprintf('<option value="%s"%s>%s</option>', esc($spec->id), $i ? '' : ' selected', esc(counter_title($approx, $c)));
        $svgs .= sprintf('<div class="flame%s" data-id="%s" data-counter="%d">%s</div>', $i ? ' hidden' : '', esc($spec->id), $c,
            flame_svg($approx, $spec, false));
    }
    return '<section id="flames"><h2>Flame graph</h2>' . "\n"
        . '<div class="controls"><label>Counter <select id="counter">' . $options . '</select></label> '
        . '<label>Search <input id="search" type="search" placeholder="text or /regex/" autocomplete="off"></label></div>' . "\n"
        . $svgs . "</section>\n";
}

/** The model itself when it has no edge-only profiles; else a copy whose tree holds the estimated paths too. */
function approximate_copy(Model $m, ?Model &$out): void
{
    $out = $m->gCalls[0] ? clone $m : $m;
    approximate($out);
}

/**
 * The function table: the most costly by the chosen counter's inclusive cost
 * (so that what the flame graph shows is there), sorted by own cost, where a
 * profile's time really goes ({request} and {main} lead by inclusive cost).
 * Names short, the full name and the file on hover.
 */
function html_functions(Model $m, Views $v, int $chosen): string
{
    $counters = array_keys($m->counterName);
    // A sampled function's count is of the samples that ended in it: 0 for a frame that only calls.
    // Two heading rows (a counter over its own and inclusive columns) keep the table inside a 1280 px window.
    $head = '<tr><th rowspan="2" data-sort="text" data-col="0">function</th><th rowspan="2" data-sort="num" data-col="1"'
        . ($chosen < 0 ? ' class="desc"' : '') . '>' . esc(($m->sampled() ? 'own ' : '') . counter_label($m, -1)) . '</th>';
    $sub = '';
    foreach ($counters as $i => $c) {
        $name = esc($m->counterName[$c]);
        $head .= sprintf('<th colspan="2" class="counter" title="%s">%s</th>', $name, esc(counter_title($m, $c)));
        $sub .= sprintf('<th data-sort="num" data-col="%d" title="%s own"%s>own</th><th data-sort="num" data-col="%d" title="%2$s inclusive">incl.</th>',
            2 + 2 * $i, $name, $c === $chosen ? ' class="desc"' : '', 3 + 2 * $i);
    }
    $head .= '</tr><tr>' . $sub;
    $listed = array_slice($v->order($chosen, $chosen < 0 ? 'calls' : 'inclusive'), 0, HTML_FUNCTIONS);
    $rank = array_flip($v->order($chosen, $chosen < 0 ? 'calls' : 'own'));
    usort($listed, fn($a, $b) => $rank[$a] <=> $rank[$b]);
    $rows = [];
    foreach ($listed as $f) {
        $where = trim($m->funcFile[$f] . ($m->funcLine[$f] ? ':' . $m->funcLine[$f] : ''));
        $row = sprintf('<tr data-f="%d" class="%s"><td class="name" title="%s">%s</td>%s', $f, kind_of($m->funcName[$f], $m->funcFile[$f]),
            esc($m->funcName[$f] . ($where === '' ? '' : "\n$where")), esc(short_name($m->funcName[$f])),
            html_cell($v->calls[$f] ?? 0, 'count'));
        foreach ($counters as $c) {
            $row .= html_cell($v->own[$c][$f] ?? 0, $m->counterUnit[$c]) . html_cell($v->incl[$c][$f] ?? 0, $m->counterUnit[$c]);
        }
        $rows[] = $row . '</tr>';
    }
    $more = count($v->calls) > HTML_FUNCTIONS ? sprintf('<p>The %s most costly of %s functions.</p>', number_format(HTML_FUNCTIONS), number_format(count($v->calls))) : '';
    return '<section id="functions"><h2>Functions</h2><p class="hint">Click a heading to sort, a function for its callers and callees.</p>'
        . $more . '<div class="scroll"><table class="sortable" id="function-table"><thead>' . $head . '</tr></thead><tbody>' . "\n"
        . implode("\n", $rows) . "\n</tbody></table></div>\n"
        . '<div id="callers-callees" class="hidden"><h3 id="cc-title"></h3><div class="cc"><div><h4>Callers</h4><table id="callers"></table></div>'
        . '<div><h4>Callees</h4><table id="callees"></table></div></div>'
        . '<div id="sandwich-view"><h4>Sandwich <span class="hint">callers above, callees below</span></h4><div id="sandwich"></div></div>'
        . '<div id="source-view" class="hidden"><h4>Lines <span id="source-file" class="hint"></span></h4>'
        . '<p class="hint" id="source-note"></p><div class="scroll"><table id="source"></table></div></div></div></section>';
}

/** A table cell: the value for a person, and the exact value to sort by and to copy. */
function html_cell(int|float $value, string $unit): string
{
    return sprintf('<td data-v="%s" title="%s">%s</td>', is_float($value) ? round($value, 3) : $value, exact($value), esc(human($value, $unit)));
}

/** What the callers and callees panel reads: names, counters and the edges. */
function html_graph_data(Model $m, Views $v, int $chosen): array
{
    $edges = [];
    foreach ($v->edges as [$caller, $callee, $calls, $incl]) {
        $costs = [];
        foreach (array_keys($m->counterName) as $c) {
            $costs[] = $incl[$c] ?? 0;
        }
        $edges[] = [$caller, $callee, $calls, $costs];
    }
    $kinds = array_map(fn($f) => kind_of($m->funcName[$f], $m->funcFile[$f]), array_keys($m->funcName));
    return ['names' => $m->funcName, 'counters' => $m->counterName, 'units' => $m->counterUnit,
        'calls' => counter_label($m, -1), 'chosen' => $chosen, 'edges' => $edges, 'sampled' => $m->sampled(),
        'titles' => array_map(fn($c) => counter_title($m, $c), array_keys($m->counterName)),
        'kinds' => $kinds, 'colours' => array_map(fn($k, $name) => flame_colour($k, $name), $kinds, $m->funcName),
        'sandwichLimit' => HTML_TREE_NODES];
}

/**
 * The call tree for the sandwich view (assets/sandwich.js): per node its
 * parent, function and inclusive cost per counter; null past HTML_TREE_NODES,
 * where it would weigh more than the rest of the report.
 */
function html_tree_data(Model $approx, int $limit = HTML_TREE_NODES): ?array
{
    $nodes = count($approx->parent);
    if ($nodes > $limit) {
        return null;
    }
    $incl = [];
    foreach (node_inclusive($approx, 0) as $c => $values) {
        $incl[$c] = array_replace(array_fill(0, $nodes, 0), array_map(fn($x) => is_float($x) ? round($x, 3) : $x, $values));
    }
    foreach (array_keys($approx->counterName) as $c) {
        $incl[$c] ??= array_fill(0, $nodes, 0);
    }
    ksort($incl);
    return ['parent' => $approx->parent, 'func' => $approx->func, 'incl' => array_values($incl)];
}

/**
 * The requests whose own flame graph a click opens: each profile read again
 * on its own (the set's model has them merged). Returns the trees (names,
 * kinds, colours, counters, units, parent, func and inclusive costs per node)
 * and, per file, its tree's index.
 */
function html_request_trees(Requests $r, Options $o): array
{
    $r->prune();
    $files = array_column($r->slowest, 'file');
    if ($r->count > HTML_REQUEST_ALL) {
        $endpoints = $r->endpoints;
        uasort($endpoints, fn($a, $b) => $b['duration_ns'] <=> $a['duration_ns']);
        $medians = array_map(fn($e) => $r->median($e), array_slice(array_keys($endpoints), 0, HTML_REQUEST_EACH));
        $files = [...array_slice($files, 0, HTML_REQUEST_EACH), ...array_slice(array_column($r->allocating, 'file'), 0, HTML_REQUEST_EACH), ...$medians];
    }
    $quiet = clone $o;
    $quiet->quiet = true;
    // Read again for their own graphs, not as more timelines.
    [$keep, Timeline::$keep] = [Timeline::$keep, false];
    $trees = [];
    $index = [];
    $nodes = 0;
    foreach (array_unique(array_filter($files, 'is_string')) as $file) {
        $m = new Model();
        if (load([$file], $quiet, $m)->read !== 1 || $nodes + count($m->parent) > HTML_REQUEST_NODES) {
            continue;
        }
        approximate($m);
        $nodes += count($m->parent);
        $kinds = array_map(fn($f) => kind_of($m->funcName[$f], $m->funcFile[$f]), array_keys($m->funcName));
        $index[$file] = count($trees);
        $trees[] = ['file' => basename($file), 'names' => $m->funcName, 'kinds' => $kinds,
            'colours' => array_map(fn($k, $name) => flame_colour($k, $name), $kinds, $m->funcName),
            'counters' => $m->counterName, 'units' => $m->counterUnit] + html_tree_data($m, PHP_INT_MAX);
    }
    Timeline::$keep = $keep;
    return ['trees' => $trees, 'index' => $index];
}

/** A row's link to its request's flame graph (data-request), where the report holds it. */
function html_request_attr(?string $file, array $index): string
{
    return $file !== null && isset($index[$file]) ? sprintf(' data-request="%d" class="opens"', $index[$file]) : '';
}

function html_requests(Requests $r, array $index): string
{
    $r->prune();
    $out = '<section id="requests"><h2>Requests</h2>' . sprintf('<p>%s. %s</p>', plural($r->count, 'request'),
        $r->count > HTML_REQUEST_ALL
            ? sprintf('A click on one of the %d slowest or most allocating, or on an endpoint, opens its own flame graph (the endpoint\'s median request).', HTML_REQUEST_EACH)
            : 'A click on a request or an endpoint opens its own flame graph (the endpoint\'s median request).')
        . '<div id="request-view" class="hidden"><h3 id="request-title"></h3><div id="request-flame"></div></div>';
    foreach (['Slowest' => $r->slowest, 'Most allocating' => $r->allocating] as $title => $list) {
        $out .= '<h3>' . $title . '</h3><div class="scroll"><table class="sortable"><thead><tr><th data-sort="text">time (UTC)</th>'
            . '<th data-sort="text">method</th><th data-sort="text">URI or script</th><th data-sort="num">status</th>'
            . '<th data-sort="num">duration</th><th data-sort="num">peak memory</th><th data-sort="num">allocations</th>'
            . '<th data-sort="num">allocated</th><th data-sort="text">profile</th></tr></thead><tbody>';
        foreach (array_slice($list, 0, HTML_REQUESTS) as $q) {
            $out .= sprintf('<tr%10$s><td>%1$s</td><td>%2$s</td><td class="clip" title="%3$s">%3$s</td>%4$s%5$s%6$s%7$s%8$s<td class="clip" title="%9$s">%9$s</td></tr>' . "\n",
                gmdate('Y-m-d H:i:s', intdiv($q['time_ns'], 1_000_000_000)), esc($q['method']), esc($q['uri']),
                html_cell($q['status'], 'count'), html_cell($q['duration_ns'] ?? 0, 'ns'), html_cell($q['peak_memory'] ?? 0, 'bytes'),
                html_cell($q['allocs'] ?? 0, 'count'), html_cell($q['alloc_bytes'] ?? 0, 'bytes'), esc(basename($q['file'])),
                html_request_attr($q['file'], $index));
        }
        $out .= '</tbody></table></div>';
    }
    return $out . '</section>';
}

function html_endpoints(Requests $r, array $index): string
{
    $all = array_sum(array_column($r->endpoints, 'duration_ns'));
    $endpoints = $r->endpoints;
    uasort($endpoints, fn($a, $b) => $b['duration_ns'] <=> $a['duration_ns']);
    $out = '<section id="endpoints"><h2>Endpoints</h2><p class="hint">Requests by the endpoint their application named (bench_label(\'endpoint\', ...)), else by method and URI with numbers and ids in the path as {id}.</p>'
        . '<div class="scroll"><table class="sortable"><thead><tr><th data-sort="text">endpoint</th><th data-sort="num">requests</th>'
        . '<th data-sort="num">time in all</th><th data-sort="num">share</th><th data-sort="num">mean duration</th>'
        . '<th data-sort="num">longest</th><th data-sort="num">mean peak memory</th><th data-sort="num">mean allocations</th>'
        . '<th data-sort="num">mean allocated</th></tr></thead><tbody>';
    foreach ($endpoints as $name => $e) {
        $n = $e['requests'];
        $out .= sprintf('<tr%11$s><td class="clip" title="%1$s">%1$s</td>%2$s%3$s<td data-v="%4$s">%5$s</td>%6$s%7$s%8$s%9$s%10$s</tr>' . "\n", esc($name), html_cell($n, 'count'),
            html_cell($e['duration_ns'], 'ns'), $all ? $e['duration_ns'] / $all : 0, percent($e['duration_ns'], $all),
            html_cell($e['duration_ns'] / $n, 'ns'), html_cell($e['max_duration_ns'], 'ns'), html_cell($e['peak_memory'] / $n, 'bytes'),
            html_cell($e['allocs'] / $n, 'count'), html_cell($e['alloc_bytes'] / $n, 'bytes'), html_request_attr($r->median((string) $name), $index));
    }
    return $out . '</tbody></table></div></section>';
}

function html_skipped(LoadResult $loaded): string
{
    if (!$loaded->skipped) {
        return '';
    }
    $items = '';
    foreach (array_slice($loaded->skipped, 0, 100, true) as $file => $reason) {
        $items .= '<li><code>' . esc($file) . '</code>: ' . esc($reason) . '</li>';
    }
    return sprintf('<section id="skipped"><h2>Skipped files</h2><p>%s files could not be read.</p><ul>%s</ul></section>',
        number_format(count($loaded->skipped)), $items);
}
