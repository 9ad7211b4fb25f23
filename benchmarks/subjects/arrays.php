<?php
// Arrays: building, growing past the initial size, iterating, sorting.
$shuffled = range(1, 500);
mt_srand(42);
shuffle($shuffled);

return [
    'arrays.build' => [
        'k' => 2000,
        'run' => function (): int { $a = []; for ($i = 0; $i < 100; $i++) { $a[] = $i; } return count($a); },
        'expect' => 100,
    ],
    'arrays.grow_hash' => [
        'k' => 1000,
        'run' => function (): int { $a = []; for ($i = 0; $i < 200; $i++) { $a["k$i"] = $i; } return count($a); },
        'expect' => 200,
    ],
    'arrays.iterate' => [
        'k' => 2000,
        'run' => function () use ($shuffled): int { $s = 0; foreach ($shuffled as $k => $v) { $s += $v - $k; } return $s; },
        'expect' => 500,
    ],
    'arrays.sort' => [
        'k' => 500,
        'run' => function () use ($shuffled): int { $a = $shuffled; sort($a); return $a[0] * 1000 + $a[499]; },
        'expect' => 1500,
    ],
];
