--TEST--
benchmarks/compare refuses runs that were not run alike (k, subject, PHP, bench, extensions, INI), naming each difference, unless --allow names it; noise refuses them always
--FILE--
<?php
require __DIR__ . '/fixtures.inc';
$dir = fixture_dir();
$show = function (string $args) use ($dir) {
    [$status, $out] = fixture_tool('compare', $args, $dir);
    echo "exit $status: ", implode("\n  ", $out), "\n";
};
$changes = [
    'k' => ['k' => 30],
    'subject' => ['subject' => 'beef'],
    'expect' => ['expect' => 'e1e1'],
    'php' => ['php' => '8.2.1, sha1 cccc'],
    'bench' => ['bench' => '0.1.0, sha1 dddd'],
    'extensions' => ['extensions' => ['core' => '8.2.0', 'bench' => '0.1.0', 'xdebug' => '3.2.0']],
    'ini' => ['ini' => ['memory_limit' => '128M', 'opcache.enable_cli' => '0']],
];
foreach ($changes as $what => $setup) {
    fixture_result($dir, 'A', 'one', ['allocs' => 3]);
    fixture_result($dir, $what, 'one', ['allocs' => 3], 0, $setup);
    echo "$what: ";
    $show("A $what");
}
// The difference that is the point of the comparison: compared, and said.
$show('A php --allow=php');
$show('A php --allow=k');
$show('A php --allow=opcache');
// An A/A pair must be alike: its difference would be taken for noise.
[$status, $out] = fixture_tool('noise', "A k --out=$dir/noise.json", $dir);
echo "noise: exit $status: ", implode("\n", $out), "\n";
fixture_clean($dir);
?>
--EXPECT--
k: exit 2: compare: A and k were not run alike:
    k: one: k=10 in A, k=30 in k
  run them alike, or name the difference that is the point: --allow=k
subject: exit 2: compare: A and subject were not run alike:
    subject: one: the subject file's contents differ (/src/one.php in A, /src/one.php in subject)
  run them alike, or name the difference that is the point: --allow=subject
expect: exit 2: compare: A and expect were not run alike:
    subject: one: the expected result differs
  run them alike, or name the difference that is the point: --allow=subject
php: exit 2: compare: A and php were not run alike:
    php: 8.2.0, sha1 aaaa (/usr/bin/php) in A, 8.2.1, sha1 cccc (/usr/bin/php) in php
  run them alike, or name the difference that is the point: --allow=php
bench: exit 2: compare: A and bench were not run alike:
    bench: 0.1.0, sha1 bbbb (/build/bench.so) in A, 0.1.0, sha1 dddd (/build/bench.so) in bench
  run them alike, or name the difference that is the point: --allow=bench
extensions: exit 2: compare: A and extensions were not run alike:
    extensions: extension xdebug: absent in A, '3.2.0' in extensions
  run them alike, or name the difference that is the point: --allow=extensions
ini: exit 2: compare: A and ini were not run alike:
    ini: setting opcache.enable_cli: '1' in A, '0' in ini
  run them alike, or name the difference that is the point: --allow=ini
exit 0: thresholds: the floors (no noise file)
  allowed difference: php: 8.2.0, sha1 aaaa (/usr/bin/php) in A, 8.2.1, sha1 cccc (/usr/bin/php) in php
  subject                    metric                         A            php    change  relative   absolute  verdict
  0 better, 0 worse, 13 noise
exit 2: compare: A and php were not run alike:
    php: 8.2.0, sha1 aaaa (/usr/bin/php) in A, 8.2.1, sha1 cccc (/usr/bin/php) in php
  run them alike, or name the difference that is the point: --allow=php
exit 2: compare: --allow takes k, subject, php, bench, extensions, ini, not opcache
noise: exit 2: noise: A and k were not run alike, so they cannot give the noise: k: one: k=10 in A, k=30 in k
