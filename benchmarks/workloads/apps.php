<?php
// Real code: requests through the reference apps of benchmarks/apps (router,
// DI container, MVC page with a compiled template, and the REST API when
// pdo_sqlite is loaded), each response checked. Prints its own run time in
// ns (startup excluded) and a checksum.
$n = (int) ($argv[1] ?? 300);
$subjects = [];
foreach (['router', 'container', 'mvc', 'rest'] as $app) {
    if ($app === 'rest' && !extension_loaded('pdo_sqlite')) {
        continue;
    }
    $subjects += require __DIR__ . "/../apps/$app/subject.php";
}
$start = hrtime(true);
$sum = 0;
for ($i = 0; $i < $n; $i++) {
    foreach ($subjects as $name => $spec) {
        $body = ($spec['run'])();
        if ($body !== $spec['expect']) {
            fwrite(STDERR, "apps workload: $name returned a wrong body\n");
            exit(1);
        }
        $sum += strlen($body);
    }
}
$elapsed = hrtime(true) - $start;
echo $elapsed, ' ', $sum, "\n";
