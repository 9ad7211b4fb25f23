<?php
// Objects: creation with constructor promotion, property access, destruction.
final class BenchSubjectPoint
{
    public function __construct(public float $x = 0.0, public float $y = 0.0) {}
    public function plus(BenchSubjectPoint $o): BenchSubjectPoint { return new BenchSubjectPoint($this->x + $o->x, $this->y + $o->y); }
}

return [
    'objects.create' => [
        'k' => 2000,
        'run' => function (): float {
            $p = new BenchSubjectPoint();
            for ($i = 0; $i < 100; $i++) { $p = $p->plus(new BenchSubjectPoint(1.0, 2.0)); }
            return $p->x + $p->y;
        },
        'expect' => 300.0,
    ],
];
