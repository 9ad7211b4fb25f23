<?php
/*
 * Shared by benchmarks/fpm_throughput and benchmarks/fpm_pools: php-fpm pools
 * of 2 workers serving the MVC reference app behind one nginx on loopback.
 */

/* Opcache as production runs it: the app compiled once per pool, never checked again. */
const FPM_BENCH_OPCACHE = '-d zend_extension=opcache -d opcache.enable=1 -d opcache.validate_timestamps=0 -d opcache.file_update_protection=0';

/** Exits with what to install unless every file of $paths (what => path) is there. */
function fpm_bench_require(string $tool, array $paths): void
{
    foreach ($paths as $what => $path) {
        if (!is_file($path)) {
            fwrite(STDERR, "$tool: $what not found at $path (apt-get install nginx wrk php8.2-fpm; build bench first)\n");
            exit(1);
        }
    }
}

/** $dir/index.php: one request of the MVC reference app per HTTP request. */
function fpm_bench_write_app(string $dir): void
{
    file_put_contents("$dir/index.php", sprintf(<<<'PHP'
    <?php
    // One request of the MVC reference app: router, controller, compiled template.
    static $subjects = null;
    $subjects ??= require %s;
    $spec = reset($subjects);
    $body = ($spec['run'])();
    echo $body === $spec['expect'] ? $body : 'wrong body';
    PHP, var_export(dirname(__DIR__) . '/apps/mvc/subject.php', true)));
}

/** $dir/nginx.conf: one server per port of $sockets (port => the pool's socket), each serving $dir/index.php. */
function fpm_bench_write_nginx(string $dir, array $sockets): void
{
    $servers = '';
    foreach ($sockets as $port => $socket) {
        $servers .= <<<CONF
            server {
                listen 127.0.0.1:$port;
                root $dir;
                location / {
                    fastcgi_pass unix:$socket;
                    fastcgi_param SCRIPT_FILENAME $dir/index.php;
                    fastcgi_param SCRIPT_NAME /index.php;
                    fastcgi_param REQUEST_METHOD \$request_method;
                    fastcgi_param REQUEST_URI \$request_uri;
                    fastcgi_param QUERY_STRING \$query_string;
                }
            }

        CONF;
    }
    @mkdir("$dir/tmp");
    file_put_contents("$dir/nginx.conf", <<<CONF
    daemon off;
    worker_processes 1;
    pid $dir/nginx.pid;
    error_log $dir/nginx.log;
    events { worker_connections 256; }
    http {
        access_log off;
        client_body_temp_path $dir/tmp;
        fastcgi_temp_path $dir/tmp;
        proxy_temp_path $dir/tmp;
        uwsgi_temp_path $dir/tmp;
        scgi_temp_path $dir/tmp;
    $servers}
    CONF);
}

/** A php-fpm configuration file: one pool, 2 static workers on $socket, run as the current user. */
function fpm_bench_write_pool(string $conf, string $pool, string $socket, string $log): void
{
    $user = trim((string) shell_exec('id -un'));
    $group = trim((string) shell_exec('id -gn'));
    file_put_contents($conf, <<<CONF
    [global]
    error_log = $log
    daemonize = no
    [$pool]
    user = $user
    group = $group
    listen = $socket
    listen.mode = 0666
    pm = static
    pm.max_children = 2
    CONF);
}

/*
 * Configurations of Excimer (Debian's php-excimer), the anchor of another
 * production profiler, where it is installed: every request sampled on wall
 * time at 10 ms and 1 ms, its stacks formatted at the end of the request and
 * thrown away (Excimer writes no file: that part of bench's cost has no
 * counterpart here). php-fpm clears the environment, so each period gets its
 * own auto_prepend_file in $dir.
 */
function fpm_bench_excimer_configs(string $dir, string $opcache): array
{
    if (!is_file(PHP_EXTENSION_DIR . '/excimer.so')) {
        return [];
    }
    $configs = [];
    foreach (['excimer 10ms' => 0.01, 'excimer 1ms' => 0.001] as $label => $period) {
        $prepend = sprintf('%s/excimer-%d.php', $dir, $period * 1e6);
        file_put_contents($prepend, sprintf(<<<'PHP'
            <?php
            $GLOBALS['bench_excimer'] = new ExcimerProfiler();
            $GLOBALS['bench_excimer']->setPeriod(%s);
            $GLOBALS['bench_excimer']->setEventType(EXCIMER_REAL);
            $GLOBALS['bench_excimer']->start();
            register_shutdown_function(function () {
                $GLOBALS['bench_excimer']->stop();
                $GLOBALS['bench_excimer']->getLog()->formatCollapsed();
            });
            PHP, var_export($period, true)));
        $configs[$label] = "$opcache -d extension=excimer -d auto_prepend_file=" . escapeshellarg($prepend);
    }
    return $configs;
}

/** Builds lib/second_pthread.c into $so, for the "off, a second pthread" configuration. */
function fpm_bench_build_second_pthread(string $tool, string $so): void
{
    exec(sprintf('cc -O2 -shared -fPIC -o %s %s -ldl -lpthread 2>&1', escapeshellarg($so),
        escapeshellarg(__DIR__ . '/second_pthread.c')), $out, $status);
    if ($status !== 0) {
        fwrite(STDERR, "$tool: cannot build lib/second_pthread.c:\n" . implode("\n", $out) . "\n");
        exit(1);
    }
}

/*
 * A thread's CPU time in ns: the scheduler's run time (schedstat), exact;
 * the clock ticks of its stat file (user + system: the 12th and 13th fields
 * after the command's closing parenthesis, the fallback) miss a thread that
 * runs between two ticks (bench's ticker, woken by a timer, mostly does: it
 * read 0.00% that way).
 */
function fpm_bench_task_ns(string $task): int
{
    $schedstat = @file_get_contents("$task/schedstat");
    if ($schedstat !== false) {
        return (int) explode(' ', $schedstat)[0];
    }
    $stat = (string) @file_get_contents("$task/stat");
    $fields = explode(' ', substr($stat, strrpos($stat, ')') + 2));
    return ((int) ($fields[11] ?? 0) + (int) ($fields[12] ?? 0)) * 10000000;
}

/*
 * CPU time the pool's workers have used so far, in seconds: all their
 * threads, then bench's ticker and writer threads alone.
 */
function fpm_bench_workers_cpu(int $master): array
{
    $all = $ticker = $writer = 0;
    foreach (explode(' ', trim((string) @file_get_contents("/proc/$master/task/$master/children"))) as $pid) {
        foreach (glob("/proc/$pid/task/*") as $task) {
            $ns = fpm_bench_task_ns($task);
            $all += $ns;
            $comm = trim((string) @file_get_contents("$task/comm"));
            if ($comm === 'bench ticker') {
                $ticker += $ns;
            } elseif ($comm === 'bench writer') {
                $writer += $ns;
            }
        }
    }
    return [$all / 1e9, $ticker / 1e9, $writer / 1e9];
}
