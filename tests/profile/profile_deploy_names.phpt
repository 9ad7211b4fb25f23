--TEST--
Profile mode: closures, included files and anonymous classes are named by their file relative to the application's root (the front controller's directory, or its parent for public/, web/...), the same in every format, so two deploys of one application (releases/41, releases/42) name them alike and bench diff finds no function new or gone; files outside the root keep their full path
--SKIPIF--
<?php
require __DIR__ . '/../report/report.inc';
profile_skip();
if (report_cgi_binary() === null) die('skip php-cgi not installed');
?>
--FILE--
<?php
require __DIR__ . '/../report/report.inc';
$dir = report_dir();
$outside = "$dir/shared-lib.php";
file_put_contents($outside, '<?php return fn() => 3;');
$names = [];
foreach (['41', '42'] as $release) {
    $root = "$dir/releases/$release";
    mkdir("$root/public", 0777, true);
    mkdir("$root/src");
    file_put_contents("$root/src/Kernel.php", '<?php return function ($x) { return new class { function handle() { return 1; } }; };');
    $code = sprintf('<?php $k = require __DIR__ . "/../src/Kernel.php"; $k(1)->handle(); $f = function () { return 2; }; $f(); $g = require %s; $g();',
        var_export($outside, true));
    foreach (['json', 'folded', 'pprof'] as $format) {
        // report_request() writes the front controller as index.php: here it lies in public/.
        $work = "$root/public";
        file_put_contents("$work/index.php", $code);
        $ini = ['extension' => getenv('BENCH_SO'), 'bench.mode' => 'profile', 'bench.output_dir' => "$dir/out-$release-$format",
            'bench.output_format' => $format, 'bench.compress' => 'none', 'bench.report' => '0'];
        mkdir($ini['bench.output_dir']);
        $flags = implode(' ', array_map(fn($k, $v) => '-d ' . escapeshellarg("$k=$v"), array_keys($ini), $ini));
        exec(sprintf('env -i SCRIPT_FILENAME=%s SCRIPT_NAME=/index.php REQUEST_METHOD=GET REQUEST_URI=/ REDIRECT_STATUS=200 %s -n %s 2>&1',
            escapeshellarg("$work/index.php"), report_cgi_binary(), $flags), $out);
    }
    $json = json_decode(file_get_contents(glob("$dir/out-$release-json/bench.*")[0]), true);
    $names[$release] = array_values(array_filter(array_column($json['functions'], 'name'), fn($n) => str_contains($n, '@') || str_contains($n, ':')));
    sort($names[$release]);
    $folded = file_get_contents(glob("$dir/out-$release-folded/bench.*")[0]);
    $inFolded = array_filter($names[$release], fn($n) => str_contains($folded, strtr($n, ';', ':')));
    echo "$release: ", implode(', ', array_map(fn($n) => str_replace($dir, 'DIR', $n), $names[$release])), "\n";
    echo "  the same in folded stacks: ", count($inFolded) === count($names[$release]) ? 'yes' : 'no', "\n";
}
echo "alike: ", $names['41'] === $names['42'] ? 'yes' : 'no', "\n";
[$out, $err, $status] = report_run(['diff', "$dir/out-41-pprof", '--', "$dir/out-42-pprof", '--all', '--by=calls']);
echo "diff: exit $status, new or gone: ", preg_match('/\b(new|gone)\b/', $out) ? $out : 'none', "\n";
?>
--EXPECT--
41: class@anonymous@src/Kernel.php:1$0::handle, include:DIR/shared-lib.php, include:src/Kernel.php, {closure}@DIR/shared-lib.php:1, {closure}@public/index.php:1, {closure}@src/Kernel.php:1
  the same in folded stacks: yes
42: class@anonymous@src/Kernel.php:1$0::handle, include:DIR/shared-lib.php, include:src/Kernel.php, {closure}@DIR/shared-lib.php:1, {closure}@public/index.php:1, {closure}@src/Kernel.php:1
  the same in folded stacks: yes
alike: yes
diff: exit 0, new or gone: none
