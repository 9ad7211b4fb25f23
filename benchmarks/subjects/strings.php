<?php
// Strings: concatenation, sprintf, implode and explode.
$words = explode(' ', trim(str_repeat('alpha beta gamma delta ', 25)));

return [
    'strings.concat' => [
        'k' => 2000,
        'run' => function (): int { $s = ''; for ($i = 0; $i < 100; $i++) { $s .= 'ab' . $i; } return strlen($s); },
        'expect' => 390,
    ],
    'strings.sprintf' => [
        'k' => 2000,
        'run' => fn(): string => sprintf('%s-%05d-%.2f-%x', 'order', 42, 3.14159, 255),
        'expect' => 'order-00042-3.14-ff',
    ],
    'strings.implode' => [
        'k' => 2000,
        'run' => fn(): int => strlen(implode(',', $words)),
        'expect' => 574,
    ],
    'strings.explode' => [
        'k' => 2000,
        'run' => fn(): int => count(explode(',', 'a,bb,ccc,dddd,eeeee,ffffff,ggggggg,hhhhhhhh')),
        'expect' => 8,
    ],
];
