--TEST--
Profile mode: functions keep their own names when called as first-class callables ($this->m(...), f(...)), which the engine makes closures of; aliases of one internal function (join, implode) and methods of anonymous classes are told apart; JSON stays UTF-8 when a name is not (a Latin-1 source)
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$run = profile_run(<<<'PHP'
<?php
class Foo {
    public function transform(int $x): int { return $x * 2; }
    public function run(): array { $a = array_map($this->transform(...), [1, 2, 3]); $this->transform(4); return $a; }
}
function plain(int $x): int { return $x + 1; }
(new Foo)->run();
array_map(plain(...), [1, 2]);
$c = function () { return 1; };
$c();
PHP);
$p = profile_json($run);
$names = array_column($p['functions'], 'calls', 'name');
ksort($names);
foreach ($names as $name => $calls) {
    echo preg_replace('/@.*:/', '@FILE:', $name), ": $calls calls\n";
}
echo profile_check_sums($p), "\n";

// join is implode's alias (one handler); two anonymous classes' methods had one name, "class@anonymous::up".
$run = profile_run(<<<'PHP'
<?php
$a = [1, 2, 3];
implode(',', $a);
join(',', $a);
join(',', $a);
$x = new class { public function up() { return 1; } };
$y = new class { public function up() { return 2; } };
$x->up();
$y->up();
$y->up();
PHP, ['bench.owners' => 'all']);
$p = profile_json($run);
$names = array_column($p['functions'], 'calls', 'name');
ksort($names);
foreach ($names as $name => $calls) {
    echo preg_replace('~@/[^@]*/script\.php:~', '@FILE:', $name), ": $calls calls\n";
}
echo profile_check_sums($p), "\n";

// An identifier may hold any byte from 0x80: "f\xe9" (Latin-1) made the JSON invalid, which profile_json() refuses.
$run = profile_run("<?php\nfunction f\xe9() { return 1; }\nfunction caf\xc3\xa9() { return 2; }\nf\xe9();\ncaf\xc3\xa9();\n");
try {
    $names = array_column(profile_json($run)['functions'], 'name');
    sort($names);
    echo 'not UTF-8: ', json_encode($names), "\n";
} catch (JsonException $e) {
    echo 'not UTF-8: invalid JSON (', $e->getMessage(), ")\n";
}
?>
--EXPECT--
Foo::run: 1 calls
Foo::transform: 4 calls
plain: 2 calls
{closure}@FILE:9: 1 calls
{main}: 1 calls
{request}: 0 calls
sums exact
class@anonymous@script.php:6$0::up: 1 calls
class@anonymous@script.php:7$1::up: 2 calls
implode: 1 calls
join: 2 calls
{main}: 1 calls
{request}: 0 calls
sums exact
not UTF-8: ["caf\u00e9","f\ufffd","{main}","{request}"]
