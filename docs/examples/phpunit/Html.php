<?php
/*
 * The code under test in the PHPUnit recipe (docs/testing.md).
 */
final class Html
{
    /** @param list<string> $cells */
    public static function row(array $cells): string
    {
        $html = '<tr>';
        foreach ($cells as $cell) {
            $html .= '<td>' . $cell . '</td>';
        }
        return $html . '</tr>';
    }
}
