<?php
/*
 * Subjects for the htmlesc example extension (docs/walkthrough-instr.md):
 * a page of 40 rows of 4 cells, each escaped with htmlesc(); most cells have
 * nothing to escape, as in real pages. HTMLESC_SO names the build to load.
 *
 *   HTMLESC_SO=/tmp/htmlesc-before/modules/htmlesc.so benchmarks/run A1 --instr=user,ext:htmlesc --subjects=THIS_FILE
 */
function htmlesc_rows(): array
{
    $rows = [];
    for ($i = 0; $i < 40; $i++) {
        $rows[] = ["item $i", $i % 5 ? "a plain description of item number $i" : "Tom & Jerry's <b>$i</b>",
            sprintf('%d.%02d', $i * 3, $i), $i % 2 ? 'in stock' : 'sold out'];
    }
    return $rows;
}

function htmlesc_page(array $rows): string
{
    $html = "<table>\n";
    foreach ($rows as $row) {
        $html .= '<tr>';
        foreach ($row as $cell) {
            $html .= '<td>' . htmlesc($cell) . '</td>';
        }
        $html .= "</tr>\n";
    }
    return $html . '</table>';
}

return [
    'htmlesc.page' => [
        'k' => 200,
        'run' => fn(): string => md5(htmlesc_page(htmlesc_rows())),
        'expect' => 'ce547a70cb6589505398fa834b984088',
        'extensions' => [getenv('HTMLESC_SO') ?: 'htmlesc'],
    ],
];
