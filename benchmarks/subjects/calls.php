<?php
// Calls: the engine paths of function, method, static and closure calls.
function bench_subject_add(int $a, int $b): int { return $a + $b; }

final class BenchSubjectCalc
{
    public function add(int $a, int $b): int { return $a + $b; }
    public static function mul(int $a, int $b): int { return $a * $b; }
}

$calc = new BenchSubjectCalc();
$add = fn(int $a, int $b): int => $a + $b;

return [
    'calls.function' => [
        'k' => 2000,
        'run' => function (): int { $s = 0; for ($i = 0; $i < 100; $i++) { $s = bench_subject_add($s, $i); } return $s; },
        'expect' => 4950,
    ],
    'calls.method' => [
        'k' => 2000,
        'run' => function () use ($calc): int { $s = 0; for ($i = 0; $i < 100; $i++) { $s = $calc->add($s, $i); } return $s; },
        'expect' => 4950,
    ],
    'calls.static' => [
        'k' => 2000,
        'run' => function (): int { $s = 1; for ($i = 1; $i < 20; $i++) { $s = BenchSubjectCalc::mul($s, 2); } return $s; },
        'expect' => 524288,
    ],
    'calls.closure' => [
        'k' => 2000,
        'run' => function () use ($add): int { $s = 0; for ($i = 0; $i < 100; $i++) { $s = $add($s, $i); } return $s; },
        'expect' => 4950,
    ],
];
