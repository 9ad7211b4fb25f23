--TEST--
Profile mode: included files and their closures keep their own names and counts, although their code's memory is freed and reused; eval()'d code owns its cost as a file body does, with any owners
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$run = profile_run(<<<'PHP'
<?php
// Without opcache an included file's op array is freed after it ran: the next
// file compiled can get the same memory. Each file must stay itself.
$dir = __DIR__;
$closures = [];
for ($i = 1; $i <= 12; $i++) {
    file_put_contents("$dir/inc$i.php", "<?php\nreturn function () { return str_repeat('x', $i); };\n");
    $closures[] = include "$dir/inc$i.php";
    unlink("$dir/inc$i.php");
}
foreach ($closures as $n => $c) {
    for ($k = 0; $k <= $n; $k++) {
        $c();
    }
}
PHP);
$p = profile_json($run);
$bad = 0;
foreach ($p['functions'] as $f) {
    if (preg_match('~^include:(?:.*/)?inc(\d+)\.php$~', $f['name'], $m) && $f['calls'] !== 1) {
        echo "{$f['name']}: {$f['calls']} calls\n";
        $bad++;
    }
    // inc<i>.php's closure is called i times and allocates one string per call.
    if (preg_match('~^\{closure\}@(?:.*/)?inc(\d+)\.php:2$~', $f['name'], $m)
            && ($f['calls'] !== (int) $m[1] || $f['own']['allocs'] !== (int) $m[1])) {
        echo "{$f['name']}: {$f['calls']} calls, {$f['own']['allocs']} allocs\n";
        $bad++;
    }
}
echo count(preg_grep('~^include:(?:.*/)?inc\d+\.php$~', array_column($p['functions'], 'name'))), " included files, ",
    count(preg_grep('~^\{closure\}@(?:.*/)?inc\d+\.php:2$~', array_column($p['functions'], 'name'))), " closures, $bad wrong\n";
echo profile_check_sums($p), "\n";

// eval()'d code is user code (ZEND_EVAL_CODE): with ext: owners it crashed, read as an internal function.
$eval = <<<'PHP'
<?php
function f() { return eval('return str_repeat("x", 5);'); }
for ($i = 0; $i < 3; $i++) {
    f();
}
PHP;
foreach (['user', 'user,ext:standard', 'internal'] as $owners) {
    $run = profile_run($eval, ['bench.owners' => $owners]);
    if ($run['status'] !== 0) {
        echo "owners $owners: exit status {$run['status']}\n";
        continue;
    }
    $p = profile_json($run);
    $names = array_column($p['functions'], 'calls', 'name');
    $code = preg_grep('/^eval:.*\(2\) : eval\(\)\'d code$/', array_keys($names));
    printf("owners %s: eval'd code %s, %s; %s\n", $owners, $code ? 'named ' . preg_replace('/^eval:.*\//', 'eval:', current($code)) : 'missing',
        $code ? $names[current($code)] . ' calls' : '-', profile_check_sums($p));
}
?>
--EXPECTF--
12 included files, 12 closures, 0 wrong
sums exact
owners user: eval'd code named eval:%s(2) : eval()'d code, 3 calls; sums exact
owners user,ext:standard: eval'd code named eval:%s(2) : eval()'d code, 3 calls; sums exact
owners internal: eval'd code named eval:%s(2) : eval()'d code, 3 calls; sums exact
