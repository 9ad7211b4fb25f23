--TEST--
bench.track_live=1 with fibers: a block belongs to the owner that allocated it on the fiber's own stack, whether it is freed on another fiber, in main, or never
--DESCRIPTION--
Each fiber has its own stack of owners. produce() runs in two fibers that
interleave (each suspends between its strings): what each allocates is
produce()'s, not main's nor the other fiber's. Fiber A's 5 strings are kept
in a static store (live at the end); fiber B's 5 are handed to main, which
frees them in consume() (not live, and not consume()'s either). A string of
n characters asks for 32 + n bytes. The other owners' live bytes do not
change when the strings shrink to 1,000 characters: none of them holds one.
--SKIPIF--
<?php require __DIR__ . '/../profile/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/../profile/profile.inc';
$code = <<<'PHP'
<?php
class Store { public static array $kept = []; }
Store::$kept = array_fill(0, 5, null);
function produce(bool $keep): array {
    $made = [];
    for ($i = 0; $i < 5; $i++) {
        $s = str_repeat('p', 100000);
        if ($keep) { Store::$kept[$i] = $s; } else { $made[] = $s; }
        unset($s);
        Fiber::suspend();
    }
    return $made;
}
function consume(array &$strings): void { $strings = []; }
$made = array_fill(0, 1, null);
$a = new Fiber(fn() => produce(true));
$b = new Fiber(fn() => produce(false));
$a->start();
$b->start();
while (!$a->isTerminated() || !$b->isTerminated()) {
    if (!$a->isTerminated()) { $a->resume(); }
    if (!$b->isTerminated()) { $b->resume(); }
}
$handed = $b->getReturn();
consume($handed);
echo "done\n";
PHP;
$run = profile_run($code, ['bench.track_live' => '1']);
echo $run['output'], "\n";
$p = profile_json($run);
foreach (['produce', 'consume'] as $name) {
    $own = profile_function($p, $name)['own'];
    printf("%-8s live %d (%d bytes)\n", $name, $own['live_allocs'], $own['live_bytes']);
}
// The other owners ({request}'s compiled script, {main}'s fibers and closures) hold the same with strings of 1,000.
$others = fn(array $p) => array_sum(array_map(fn($f) => $f['name'] === 'produce' ? 0 : $f['own']['live_bytes'], $p['functions']));
$small = profile_json(profile_run(str_replace("str_repeat('p', 100000)", "str_repeat('p', 1000)", $code), ['bench.track_live' => '1']));
printf("the other owners' live bytes, strings of 100,000 and of 1,000: %s\n", $others($p) === $others($small) ? 'equal'
    : $others($p) . ' vs ' . $others($small));
printf("produce with strings of 1,000: %d bytes\n", profile_function($small, 'produce')['own']['live_bytes']);
?>
--EXPECT--
done
produce  live 5 (500160 bytes)
consume  live 0 (0 bytes)
the other owners' live bytes, strings of 100,000 and of 1,000: equal
produce with strings of 1,000: 5160 bytes
