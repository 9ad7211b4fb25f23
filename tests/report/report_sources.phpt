--TEST--
Profiles planted by another user: a directory or glob takes only the user's own profiles (--owner takes others'), never through a symbolic link; source lines are read only for trusted profiles, under their script's directory or a --source-root, never through a link, never a file the profile's owner could not read; the HTML report says it holds source lines; escape sequences in names do not reach the terminal
--SKIPIF--
<?php
require __DIR__ . '/report.inc';
profile_skip();
if (!function_exists('posix_geteuid') ? trim((string) shell_exec('id -u')) !== '0' : posix_geteuid() !== 0) die('skip needs root: the test gives files to another user');
if (trim((string) shell_exec('id -u nobody 2>/dev/null')) === '') die('skip no user "nobody"');
?>
--FILE--
<?php
require __DIR__ . '/report.inc';

// A directory anyone may write, as the temporary directory that bench.output_dir defaults to.
$dir = report_dir() . '/tmp';
mkdir($dir);
chmod($dir, 01777);
chmod(dirname($dir), 0755);
// Secrets of root's: a key that only root reads, in a directory of root's.
$secrets = report_dir() . '/root';
mkdir($secrets, 0700);
file_put_contents("$secrets/id_rsa", "<?php\nSECRET-1\nSECRET-2\nSECRET-3\nSECRET-4\nSECRET-5\n");
chmod("$secrets/id_rsa", 0600);
// root's application: a script and a library beside it, and one elsewhere.
$app = report_dir() . '/app';
mkdir("$app/public", 0755, true);
mkdir("$app/src");
$elsewhere = report_dir() . '/lib';
mkdir($elsewhere);
foreach (["$app/public/index.php", "$app/src/Router.php", "$elsewhere/Util.php"] as $i => $file) {
    file_put_contents($file, "<?php\n// line 2 of " . basename($file) . "\nfunction f$i() {\n    g(); // SOURCE-$i\n}\n");
}
symlink("$secrets/id_rsa", "$app/src/link.php");

/**
 * A profile-mode JSON: {main} of $script calls $name (defined in $file at
 * line 3), which calls g() at line 4: the line views list lines 3 and 4.
 */
function planted(string $script, string $name, string $file): string
{
    $costs = fn(int $n) => ['wall_ns' => $n];
    return json_encode(['bench' => 'test', 'format_version' => 1, 'mode' => 'profile', 'counters' => ['wall_ns'],
        'request' => ['method' => 'GET', 'status' => 200, 'script' => $script],
        'functions' => [['name' => '{main}', 'file' => $script, 'line' => 1], ['name' => $name, 'file' => $file, 'line' => 3],
            ['name' => 'g', 'file' => '', 'line' => 0]],
        'tree' => [['parent' => -1, 'function' => 0, 'calls' => 1, 'own' => $costs(1)],
            ['parent' => 0, 'function' => 1, 'calls' => 1, 'own' => $costs(5), 'line' => 3, 'call_line' => 2],
            ['parent' => 1, 'function' => 2, 'calls' => 1, 'own' => $costs(9), 'line' => 0, 'call_line' => 4]]]);
}

/** Writes a profile into the shared directory, owned by $owner. */
function put(string $name, string $json, string $owner): string
{
    global $dir;
    file_put_contents("$dir/$name", $json);
    chown("$dir/$name", $owner);
    return "$dir/$name";
}

// nobody's planted profiles: one names root's key, one a file of root's application.
$stolen = put('bench.1.1.1.json', planted("$secrets/x.php", 'stolen', "$secrets/id_rsa"), 'nobody');
put('bench.1.1.2.json', planted("$app/public/index.php", 'peek', "$app/src/Router.php"), 'nobody');
// root's own: its application's script and library, a file outside its directories, and a link to the key.
put('bench.2.1.1.json', planted("$app/public/index.php", 'route', "$app/src/Router.php"), 'root');
put('bench.2.1.2.json', planted("$app/public/index.php", 'util', "$elsewhere/Util.php"), 'root');
put('bench.2.1.3.json', planted("$app/public/index.php", 'linked', "$app/src/link.php"), 'root');
// A link in the directory to a profile elsewhere.
file_put_contents(report_dir() . '/bench.9.json', planted("$secrets/x.php", 'via_link', "$secrets/id_rsa"));
symlink(report_dir() . '/bench.9.json', "$dir/bench.3.1.1.json");

/** Which functions a command's output has, which source lines it shows, what it said on stderr. */
function seen(array $args): void
{
    [$out, $err, $status] = report_run($args);
    $html = ($args[0] === 'html') ? file_get_contents($args[3]) : '';
    $text = $out . $html;
    preg_match_all('/\b(stolen|peek|route|util|linked|via_link)\b/', $text, $m);
    $funcs = array_unique($m[1]);
    sort($funcs);
    preg_match_all('/SOURCE-\d|SECRET-\d/', $text, $m);
    $lines = array_unique($m[0]);
    sort($lines);
    echo 'exit ', $status, '; functions: ', implode(' ', $funcs) ?: 'none', '; source lines: ', implode(' ', $lines) ?: 'none', "\n";
    // Why bench lines read no source of a function.
    preg_match_all('/^(\S+)  .*\n  .* at its lines: [^;\n]*; source (.*)$/m', $out, $m, PREG_SET_ORDER);
    foreach ($m as [, $name, $why]) {
        echo "  $name: ", str_replace(report_dir(), 'DIR', $why), "\n";
    }
    echo preg_replace(['~' . preg_quote(report_dir(), '~') . '~', '~\d+\.\d+ s~'], ['DIR', 'T s'], $err);
}

echo "== bench lines on the directory\n";
seen(['lines', $dir]);
echo "== --owner=nobody: nobody's profiles read, no file that nobody could not read\n";
seen(['lines', $dir, '--owner=nobody']);
echo "== --owner=any\n";
seen(['lines', $dir, '--owner=any', '--function=stolen']);
echo "== a glob\n";
seen(['top', "$dir/bench.*.json"]);
echo "== a file named: read whoever owns it, its sources not\n";
seen(['lines', $stolen]);
echo "== --source-root: the file outside the script's directory\n";
seen(['lines', $dir, "--source-root=$elsewhere", '--function=util']);
echo "== --no-source\n";
seen(['lines', $dir, '--no-source', '--function=route']);
echo "== bench html\n";
seen(['html', $dir, '-o', report_dir() . '/report.html', '--owner=nobody']);
echo preg_match('/It holds source lines of [^.<]*/', file_get_contents(report_dir() . '/report.html'), $m) ? $m[0] : 'no note', "\n";
echo "== a bad --owner\n";
seen(['top', $dir, '--owner=no-such-user']);

echo "== escape sequences in a name and a file name\n";
$evil = report_dir() . "/bench.evil\e]0;pwned\x07.callgrind";
file_put_contents($evil, "events: wall_ns\nfl=/a.php\nfn=x\e[2J\e]0;title\x07\x9b31m\n1 5\ntotals: 5\n");
[$out, $err] = report_run(['top', $evil, report_dir() . "/missing\e[31m"]);
echo 'escapes on stdout: ', preg_match('/[\x00-\x08\x0b-\x1f\x7f]|\x9b/', $out) ? 'yes' : 'none', ', on stderr: ',
    preg_match('/[\x00-\x08\x0b-\x1f\x7f]|\x9b/', $err) ? 'yes' : 'none', "\n";
echo 'the name shown as: ', preg_match("/x\\?\\[2J\\?\\]0;title\\?\u{fffd}31m/", $out, $m) ? $m[0] : $out, "\n";
?>
--EXPECTF--
== bench lines on the directory
exit 0; functions: linked route util; source lines: SOURCE-1
  linked: not read: its path is not its real path (a symbolic link, or ".." in it)
  util: not read: outside the script's directory (DIR/app) (--source-root=DIR reads under DIR)
bench: left out 2 profiles of other owners (nobody: 2): --owner=nobody takes them, if you trust what they wrote
bench: left out 1 symbolic link (name the file itself to read it)
== --owner=nobody: nobody's profiles read, no file that nobody could not read
exit 0; functions: linked peek route stolen util; source lines: SOURCE-1
  linked: not read: its path is not its real path (a symbolic link, or ".." in it)
  stolen: not read: nobody's profile names it, and nobody could not read it
  util: not read: outside the script's directory (DIR/app) (--source-root=DIR reads under DIR)
bench: left out 1 symbolic link (name the file itself to read it)
== --owner=any
exit 0; functions: stolen; source lines: none
  stolen: not read: none of the profiles naming it is yours (--owner=USER trusts another user's)
bench: left out 1 symbolic link (name the file itself to read it)
== a glob
exit 0; functions: linked route util; source lines: none
bench: left out 2 profiles of other owners (nobody: 2): --owner=nobody takes them, if you trust what they wrote
bench: left out 1 symbolic link (name the file itself to read it)
== a file named: read whoever owns it, its sources not
exit 0; functions: stolen; source lines: none
  stolen: not read: none of the profiles naming it is yours (--owner=USER trusts another user's)
  {main}: not read: none of the profiles naming it is yours (--owner=USER trusts another user's)
== --source-root: the file outside the script's directory
exit 0; functions: util; source lines: SOURCE-2
bench: left out 2 profiles of other owners (nobody: 2): --owner=nobody takes them, if you trust what they wrote
bench: left out 1 symbolic link (name the file itself to read it)
== --no-source
exit 0; functions: route; source lines: none
  route: not read (--no-source)
bench: left out 2 profiles of other owners (nobody: 2): --owner=nobody takes them, if you trust what they wrote
bench: left out 1 symbolic link (name the file itself to read it)
== bench html
exit 0; functions: linked peek route stolen util; source lines: SOURCE-1
bench: left out 1 symbolic link (name the file itself to read it)
bench: report written: DIR/report.html (open it in a web browser: file://DIR/report.html)
It holds source lines of 1 file read where it was made
== a bad --owner
exit 2; functions: none; source lines: none
bench: --owner=no-such-user: no user "no-such-user" (names, uids, or any)
%a
== escape sequences in a name and a file name
escapes on stdout: none, on stderr: none
the name shown as: x?[2J?]0;title?�31m
