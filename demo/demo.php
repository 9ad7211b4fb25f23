<?php
/*
 * bench demo: the cold (first call) and warm (mean of the next k calls) cost
 * of a few everyday PHP operations, measured with bench_measure().
 * Run: php -d extension=modules/bench.so -d bench.count_ops=1 demo/demo.php
 */

$words = explode(' ', str_repeat('lorem ipsum dolor sit amet ', 40));
$numbers = range(1, 1000);
shuffle($numbers);
$json = json_encode(['user' => ['id' => 7, 'tags' => $words]]);

class Money
{
    public function __construct(public int $cents, public string $currency) {}
    public function add(Money $other): Money { return new Money($this->cents + $other->cents, $this->currency); }
}

$subjects = [
    'empty closure'          => fn() => null,
    'str_repeat 100'         => fn() => str_repeat('x', 100),
    'sprintf'                => fn() => sprintf('%s-%05d-%.2f', 'id', 42, 3.14159),
    'implode 200 words'      => fn() => implode(',', $words),
    'explode 200 words'      => fn() => explode(' ', 'lorem ipsum dolor sit amet lorem ipsum dolor sit amet'),
    'array of 1000 ints'     => fn() => range(1, 1000),
    'sort 1000 ints'         => function () use ($numbers) { sort($numbers); return $numbers; },
    'json_decode'            => fn() => json_decode($json, true),
    'json_encode'            => fn() => json_encode($words),
    'preg_match'             => fn() => preg_match('/(\w+)@(\w+)\.com/', 'mail bench@example.com now', $m),
    'new object + method'    => fn() => (new Money(100, 'EUR'))->add(new Money(250, 'EUR')),
    'throw and catch'        => function () { try { throw new RuntimeException('no'); } catch (RuntimeException $e) { return $e; } },
    'generator of 100'       => function () { $g = (function () { for ($i = 0; $i < 100; $i++) yield $i; })(); $s = 0; foreach ($g as $v) $s += $v; return $s; },
];

$k = 1000;
$info = bench_info();
printf("bench %s on PHP %s, k = %d warm calls per subject\n", $info['version'], PHP_VERSION, $k);
foreach (['instructions', 'ops', 'retained_bytes'] as $name) {
    if (!$info['counters'][$name]['available']) {
        printf("  (%s: %s)\n", $name, $info['counters'][$name]['reason']);
    }
}
echo "\n";

$row = "%-22s %12s %12s %9s %11s %9s %9s\n";
printf($row, 'subject', 'cold wall', 'warm wall', 'allocs', 'alloc bytes', 'frees', 'ops');
printf($row, '', 'ns', 'ns', 'per call', 'per call', 'per call', 'per call');
echo str_repeat('-', 90), "\n";
$show = fn($v, int $decimals = 0) => $v === null ? 'n/a' : number_format($v, $decimals, '.', '');
foreach ($subjects as $label => $subject) {
    $r = bench_measure($subject, $k);
    $c = $r['cold'];
    $w = $r['warm'];
    printf($row, $label, $show($c['wall_ns']), $show($w['wall_ns'], 1), $show($w['allocs'], 2),
        $show($w['alloc_bytes'], 1), $show($w['frees'], 2), $show($w['ops'], 1));
}
echo "\nAllocations, bytes and ops repeat exactly from run to run; times are this machine's, now.\n";
