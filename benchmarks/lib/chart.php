<?php
/*
 * compare --svg: the changes beyond noise as a bar chart for a pull request's
 * comment, one bar per subject and metric, from 0 to the change (red worse,
 * green better), the relative threshold marked on both sides. The scale ends
 * at the largest change shown or 100%, whichever is smaller; a bar past it
 * (an infinite change, from 0) is cut at the edge and says so in its label.
 */

function bench_chart_svg(array $rows, string $la, string $lb): string
{
    $rows = array_values(array_filter($rows, fn($r) => $r['verdict'] !== 'noise'));
    $finite = array_filter(array_map(fn($r) => abs($r['change']), $rows), 'is_finite');
    $scale = min(1.0, max([0.01, ...$finite]));
    [$label_w, $half, $row_h, $top] = [300, 250, 22, 40];
    $center = $label_w + $half;
    $height = $top + $row_h * max(1, count($rows)) + 10;
    $x = fn(float $change) => $center + max(-1.0, min(1.0, $change / $scale)) * $half;
    $e = fn(string $s) => htmlspecialchars($s, ENT_XML1 | ENT_QUOTES);
    $svg = [sprintf('<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" font-family="sans-serif" font-size="12">',
        $label_w + 2 * $half + 130, $height)];
    $svg[] = sprintf('<text x="10" y="18" font-weight="bold">%s against %s: %d changes beyond noise (scale: ±%.2f%%)</text>',
        $e($lb), $e($la), count($rows), 100 * $scale);
    $svg[] = sprintf('<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#000"/>', $center, $top - 6, $center, $height - 6);
    foreach ($rows as $i => $r) {
        $y = $top + $i * $row_h;
        $end = $x($r['change']);
        $svg[] = sprintf('<text x="%d" y="%d" text-anchor="end">%s</text>', $label_w - 8, $y + 14, $e("$r[subject] $r[metric]"));
        $svg[] = sprintf('<rect x="%.1f" y="%d" width="%.1f" height="%d" fill="%s"/>', min($center, $end), $y + 3,
            abs($end - $center), $row_h - 6, $r['verdict'] === 'worse' ? '#c0392b' : '#27ae60');
        if (is_finite($r['relative'])) {
            foreach ([-1, 1] as $side) {
                $t = $x($side * $r['relative']);
                $svg[] = sprintf('<line x1="%.1f" y1="%d" x2="%.1f" y2="%d" stroke="#555" stroke-dasharray="2,2"/>',
                    $t, $y + 1, $t, $y + $row_h - 1);
            }
        }
        $svg[] = sprintf('<text x="%d" y="%d">%s%s</text>', $label_w + 2 * $half + 6, $y + 14, $e(bench_percent($r['change'])),
            abs($r['change']) > $scale ? ' (cut)' : '');
    }
    $svg[] = '</svg>';
    return implode("\n", $svg) . "\n";
}
