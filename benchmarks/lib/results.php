<?php
/*
 * Shared by the benchmark tools: loading subject files and result files,
 * with clear errors instead of PHP warnings.
 */

const BENCH_METRICS = ['wall_ns', 'cpu_ns', 'instructions', 'cycles', 'allocs', 'alloc_bytes',
    'frees', 'freed_bytes', 'ops', 'retained_bytes'];
/*
 * What two runs must share to be compared, each a name for compare's --allow:
 * k, the subject (its file's contents and its expected result), the PHP
 * binary, the bench build, the loaded extensions and the INI settings.
 */
const BENCH_SETUP_KEYS = ['k', 'subject', 'expect', 'php', 'bench', 'extensions', 'ini'];
/* Warm measurements per subject and pass; the result is their median. */
const BENCH_WARM_REPEATS = 5;
/* Processes per subject for the time pass; the result is their median. */
const BENCH_TIME_PROCESSES = 3;
/* Under valgrind every call is about 50 times slower: at most this many warm calls. */
const BENCH_CALLGRIND_MAX_K = 200;

/* The median of a non-empty list (the mean of the middle two for an even count). */
function bench_median(array $xs): float
{
    sort($xs);
    $n = count($xs);
    return $n % 2 ? $xs[intdiv($n, 2)] : ($xs[$n / 2 - 1] + $xs[$n / 2]) / 2;
}

/*
 * A distribution-free 95% confidence interval of the median of a list: the
 * order statistics that the true median lies between with probability at
 * least 0.95, from the binomial law of how many values fall below it. Null
 * for fewer than 6 values, where no such pair exists.
 */
function bench_median_ci(array $xs): ?array
{
    sort($xs);
    $n = count($xs);
    // P(fewer than k+1 of n values below the median) = sum of C(n, i) / 2^n for i <= k, each term
    // kept as a logarithm: 2^-n underflows past n = 1074, where the first terms add nothing anyway.
    $k = -1;
    for ($below = 0.0, $log_term = $n * log(0.5), $i = 0; $i < $n; $i++) {
        $below += exp($log_term);
        if ($below > 0.025) {
            break;
        }
        $k = $i;
        $log_term += log(($n - $i) / ($i + 1));
    }
    return $k < 0 ? null : [$xs[$k], $xs[$n - 1 - $k]];
}

function bench_fail(string $message, int $status = 1): never
{
    fwrite(STDERR, basename($_SERVER['argv'][0] ?? 'bench') . ": $message\n");
    exit($status);
}

function bench_short(string $s): string
{
    return strlen($s) > 80 ? substr($s, 0, 77) . '...' : $s;
}

/** @return array<string, array> the subjects of a subject file, validated */
function bench_load_subjects(string $file): array
{
    if (!is_file($file)) {
        bench_fail("subject file $file not found");
    }
    $subjects = (static fn() => require $file)();
    if (!is_array($subjects) || $subjects === []) {
        bench_fail("$file must return a non-empty array of subjects");
    }
    foreach ($subjects as $name => $spec) {
        if (!is_string($name) || !preg_match('/^[A-Za-z0-9_.-]+$/', $name)) {
            bench_fail("$file: subject names are strings of letters, digits, '.', '_' and '-'");
        }
        if (!is_array($spec) || !isset($spec['run']) || !is_callable($spec['run'])
            || !is_int($spec['k'] ?? null) || $spec['k'] < 1 || !array_key_exists('expect', $spec)) {
            bench_fail("$file: subject $name needs 'run' (callable), 'k' (int >= 1) and 'expect'");
        }
    }
    return $subjects;
}

/** @return array the decoded result file, or a clear failure (exit 2) */
function bench_load_result(string $path): array
{
    if (!is_file($path)) {
        bench_fail("result file $path is missing", 2);
    }
    $data = json_decode((string) file_get_contents($path), true);
    if (!is_array($data)) {
        bench_fail("result file $path is not valid JSON (" . json_last_error_msg() . ")", 2);
    }
    foreach (['subject', 'k', 'cold', 'warm'] as $key) {
        if (!isset($data[$key])) {
            bench_fail("result file $path has no \"$key\"", 2);
        }
    }
    foreach (BENCH_SETUP_KEYS as $key) {
        if (!isset($data['setup'][$key])) {
            bench_fail("result file $path has no setup.$key (written by an older benchmarks/run: run it again)", 2);
        }
    }
    foreach (['cold', 'warm'] as $phase) {
        foreach (BENCH_METRICS as $metric) {
            if (!array_key_exists($metric, $data[$phase]) || !(is_null($data[$phase][$metric]) || is_int($data[$phase][$metric]) || is_float($data[$phase][$metric]))) {
                bench_fail("result file $path: $phase.$metric is missing or not a number", 2);
            }
        }
    }
    return $data;
}

/** @return array<string, array> every result of a label, by subject name */
function bench_load_label(string $dir): array
{
    if (!is_dir($dir)) {
        bench_fail("no results in $dir (run benchmarks/run first)", 2);
    }
    $results = [];
    foreach (glob("$dir/*.json") as $path) {
        $data = bench_load_result($path);
        $results[$data['subject']] = $data;
    }
    if ($results === []) {
        bench_fail("no result files in $dir", 2);
    }
    ksort($results);
    return $results;
}

function bench_results_dir(): string
{
    return getenv('BENCH_RESULTS') ?: dirname(__DIR__) . '/results';
}

/*
 * Measured code allocates strings that hold paths (an exception's file, an
 * include's resolved path), so the same run from a checkout with a longer
 * path would read as more bytes and instructions. Subjects and the harness
 * therefore run from copies in a folder whose path has the same length on
 * every checkout: /tmp/bench-stage.XXXXXXXX (not TMPDIR, whose length varies).
 * The folder is removed when the tool exits.
 */
final class BenchStage
{
    public readonly string $dir;
    /** @var array<string, string> copied folders: original => copy */
    private array $copied = [];

    public function __construct()
    {
        $this->dir = '/tmp/bench-stage.' . bin2hex(random_bytes(4));
        if (!mkdir($this->dir, 0700)) {
            bench_fail("cannot create $this->dir");
        }
        register_shutdown_function(fn() => self::remove($this->dir));
        self::copy(__DIR__, "$this->dir/lib");
    }

    /**
     * The copy of a subject file. The subject files of benchmarks/ are copied
     * with their top folder (apps/ share http.php); a file of your own with
     * its folder, as own001, own002...: what it loads from outside that
     * folder runs from where it lies.
     */
    public function file(string $file): string
    {
        $benchmarks = dirname(__DIR__);
        if (str_starts_with($file, "$benchmarks/")) {
            $top = strtok(substr($file, strlen($benchmarks) + 1), '/');
            $this->copied["$benchmarks/$top"] ??= self::copy("$benchmarks/$top", "$this->dir/$top");
            return $this->dir . substr($file, strlen($benchmarks));
        }
        $folder = dirname($file);
        $this->copied[$folder] ??= self::copy($folder, sprintf('%s/own%03d', $this->dir, count($this->copied) + 1));
        return $this->copied[$folder] . '/' . basename($file);
    }

    private static function copy(string $from, string $to): string
    {
        mkdir($to, 0700, true);
        foreach (new RecursiveIteratorIterator(new RecursiveDirectoryIterator($from, FilesystemIterator::SKIP_DOTS),
                RecursiveIteratorIterator::SELF_FIRST) as $path => $entry) {
            $target = $to . substr($path, strlen($from));
            if ($entry->isDir()) {
                mkdir($target, 0700);
            } elseif (!copy($path, $target)) {
                bench_fail("cannot copy $path to $target");
            }
        }
        return $to;
    }

    private static function remove(string $dir): void
    {
        foreach (new RecursiveIteratorIterator(new RecursiveDirectoryIterator($dir, FilesystemIterator::SKIP_DOTS),
                RecursiveIteratorIterator::CHILD_FIRST) as $path => $entry) {
            $entry->isDir() && !$entry->isLink() ? rmdir($path) : unlink($path);
        }
        rmdir($dir);
    }
}
