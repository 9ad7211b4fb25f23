--TEST--
bench_measure() takes every kind of callable, with positional and named arguments
--FILE--
<?php
class Greeter {
    public function hello(string $name) { return "hello $name"; }
    public static function make(int $n) { return str_repeat('-', $n); }
    public function __call($method, $args) { return $method . count($args); }
    public function __invoke() { return 42; }
}
function add(int $a, int $b = 10) { return $a + $b; }

$g = new Greeter;
// Allocations: the returned string, where one is built; __call also packs its
// arguments into an array (HashTable + data) on every call.
$cases = [
    'function name' => ['add', [1, 2]],
    'named args'    => ['add', ['b' => 5, 'a' => 1]],
    'internal'      => ['strtoupper', ['abc']],
    'method'        => [[$g, 'hello'], ['bench']],
    'static'        => ['Greeter::make', [3]],
    'static array'  => [['Greeter', 'make'], [3]],
    '__call'        => [[$g, 'missing'], [1, 2, 3]],
    '__invoke'      => [$g, []],
    'first-class'   => [strlen(...), ['four']],
];
foreach ($cases as $label => [$callable, $args]) {
    $r = bench_measure($callable, 5, $args);
    printf("%-14s k=%d allocs cold=%d warm=%s\n", $label, $r['k'], $r['cold']['allocs'], $r['warm']['allocs']);
}
// The subject really receives its arguments, every call.
$seen = [];
bench_measure(function (...$a) use (&$seen) { $seen[] = implode('+', $a); }, 2, [1, 2]);
echo implode(' ', $seen), "\n";
?>
--EXPECT--
function name  k=5 allocs cold=0 warm=0
named args     k=5 allocs cold=0 warm=0
internal       k=5 allocs cold=1 warm=1
method         k=5 allocs cold=1 warm=1
static         k=5 allocs cold=1 warm=1
static array   k=5 allocs cold=1 warm=1
__call         k=5 allocs cold=3 warm=3
__invoke       k=5 allocs cold=0 warm=0
first-class    k=5 allocs cold=0 warm=0
1+2 1+2 1+2
