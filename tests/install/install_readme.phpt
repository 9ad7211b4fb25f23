--TEST--
README's install by hand: the .ini it writes has composer.json's priority (80, PIE's) as phpenmod reads it, and its check line then runs without "already loaded"; its composer validate line passes with this Composer
--SKIPIF--
<?php if (getenv('SKIP_PERF_SENSITIVE')) die('skip install steps: the tools\' own PHP under valgrind is not bench\'s code'); ?>
--FILE--
<?php
$top = dirname(__DIR__, 2);
$readme = file_get_contents("$top/README.md");
$json = json_decode(file_get_contents("$top/composer.json"), true, 512, JSON_THROW_ON_ERROR);

// The README's three lines: build and install, write the .ini and phpenmod, check.
preg_match('~^    ([^\n]*)\| sudo tee /etc/php/[\d.]+/mods-available/bench\.ini && sudo phpenmod bench\n    (php [^\n]*)$~m', $readme, $m);
if (!$m) {
    exit("README: no '... | sudo tee /etc/php/X/mods-available/bench.ini && sudo phpenmod bench' line followed by a php line\n");
}
[, $write, $check] = $m;
$ini = (string) shell_exec($write);
// phpenmod's priority: a "; priority=N" line before the first setting (php-helper's get_priority()), 20 without one.
$priority = preg_match('/\A(?:[^\n]*\n)*?;\s*priority\s*=\s*(\d+)\s*$/m', $ini, $p) ? (int) $p[1] : 20;
printf("priority: %d, composer.json's: %d\n", $priority, $json['php-ext']['priority'] ?? 80);

// What phpenmod leaves: conf.d/NN-bench.ini. extension=bench.so finds the build under test through extension_dir.
$dir = sys_get_temp_dir() . '/bench-readme-' . getmypid() . '-' . bin2hex(random_bytes(4));
mkdir("$dir/conf.d", 0777, true);
register_shutdown_function(fn() => exec('rm -rf ' . escapeshellarg($dir)));
file_put_contents("$dir/conf.d/$priority-bench.ini", $ini);
file_put_contents("$dir/php.ini", 'extension_dir=' . dirname(getenv('BENCH_SO')) . "\n");
$run = 'PHP_INI_SCAN_DIR=' . escapeshellarg("$dir/conf.d") . ' ' . escapeshellarg(PHP_BINARY) . ' -c ' . escapeshellarg("$dir/php.ini")
    . substr($check, 3) . ' 2>&1';
$out = (string) shell_exec($run);
echo "check: ", str_contains($out, 'already loaded') ? explode("\n", trim($out))[0] : (preg_match('/\["zstd"\]=>/', $out) ? 'the features' : $out), "\n";

// The composer validate line for this Composer: `composer validate` from 2.7, else the README's other one.
if (trim((string) shell_exec('command -v composer')) === '') {
    echo "composer validate: exit 0\n";
    return;
}
$env = 'env -i PATH=' . escapeshellarg((string) getenv('PATH')) . ' COMPOSER_HOME=' . escapeshellarg("$dir/composer-home")
    . ' COMPOSER_ALLOW_SUPERUSER=1 COMPOSER_NO_INTERACTION=1';
preg_match('/Composer version (\d+)\.(\d+)/', (string) shell_exec("$env composer --version 2>&1"), $v);
preg_match_all('/`(composer validate[^`]*)`/', $readme, $commands);
$commands = array_unique($commands[1]);
$new = $v && ([(int) $v[1], (int) $v[2]] >= [2, 7]);
$command = $new ? 'composer validate' : current(array_diff($commands, ['composer validate']));
if (!in_array('composer validate', $commands, true) || $command === false) {
    exit("README: no composer validate line for " . ($v[0] ?? 'this Composer') . ": " . implode(', ', $commands) . "\n");
}
exec("cd " . escapeshellarg($top) . " && $env $command 2>&1", $lines, $status);
echo "composer validate: exit $status", $status ? "\n" . implode("\n", $lines) : '', "\n";
?>
--EXPECT--
priority: 80, composer.json's: 80
check: the features
composer validate: exit 0
