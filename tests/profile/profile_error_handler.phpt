--TEST--
Profile mode: bench's warning at a request's end goes past the script's error handler, which could turn it into a fatal error
--DESCRIPTION--
Frameworks turn warnings into exceptions with set_error_handler(). bench
writes the CLI's profile in RSHUTDOWN, where the handler is still set: an
unwritable output directory made the warning an uncaught ErrorException,
"Fatal error" and exit status 255.
--SKIPIF--
<?php require __DIR__ . '/profile.inc'; profile_skip(); ?>
--FILE--
<?php
require __DIR__ . '/profile.inc';
$run = profile_run('<?php
set_error_handler(function (int $no, string $message) { throw new ErrorException($message, 0, $no); });
echo "script ran\n";', ['bench.output_dir' => '/nonexistent/bench']);
echo preg_replace('/bench\.[^ ]*\.json/', 'bench.NAME.json', $run['output']), "\nexit status: ", $run['status'], "\n";
?>
--EXPECT--
script ran

Warning: bench: cannot write the profile /nonexistent/bench/bench.NAME.json: No such file or directory; later ones in this process are counted in bench_info(), not repeated
exit status: 0
