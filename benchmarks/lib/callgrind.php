<?php
/*
 * Reading the callgrind files that benchmarks/run --callgrind keeps, for
 * benchmarks/attribute: the instructions of each C function (its own, not
 * its callees'), and the bins a php-src contributor reads them in.
 */
require_once __DIR__ . '/results.php';

/*
 * Bins, in the order they are tried, by the C function's name (without the
 * callers that --separate-callers appends). What matches none is "other";
 * --focus puts the functions under test in a bin of their own before these.
 */
const BENCH_BINS = [
    'vm' => '/^(execute_ex|ZEND_\w+_HANDLER\w*|zend_vm_\w+|zend_execute\w*|i?_?init_func_execute_data|zend_leave_helper\w*|zend_observer_\w+)$/',
    'allocator' => '/^(_?e(malloc|calloc|realloc|free|strdup|strndup)\w*|_safe_e\w+|_?zend_mm_\w+|zend_mm\w*|(__libc_|_int_)?(malloc|calloc|realloc|free))$/',
    'hash tables' => '/^(_?zend_hash\w*|zend_symtable\w*|_zend_handle_numeric_str_ex|_?zend_new_array\w*|zend_array_\w+|zend_new_pair)$/',
    'strings' => '/^(zend_string\w*|_?zend_str\w*|smart_str\w*|zend_interned\w*|concat_function|zend_(u?long|double)_to_str|zend_[sv]*printf\w*|zend_strpprintf|php_str\w*|str\w+|__(mem|str)\w+|mem(cpy|move|cmp|set|chr)|zend_binary_str\w*|zend_fast_equal_strings)$/',
    'bench' => '/^bench_/',
];

/**
 * Own instructions (the first event, Ir) per function of a callgrind file, by
 * the name callgrind gives it ("f'caller'caller" with --separate-callers).
 * @return array<string, int>
 */
function bench_callgrind_own(string $path): array
{
    $in = @fopen($path, 'r');
    if ($in === false) {
        bench_fail("callgrind file $path is missing", 2);
    }
    $names = [];
    $own = [];
    $fn = null;
    $positions = 1;
    $skip = false;
    while (($line = fgets($in)) !== false) {
        $line = rtrim($line, "\n");
        if ($skip) {
            // The line after calls= is the inclusive cost of that call: the callee's, not this function's.
            $skip = false;
            continue;
        }
        if (preg_match('/^(c?fn)=\((\d+)\)(?: (.+))?$/', $line, $m)) {
            // Name compression: "(id) name" the first time, "(id)" after; a cfn= can be the first.
            if (isset($m[3])) {
                $names[$m[2]] = $m[3];
            }
            if ($m[1] === 'fn') {
                $fn = $names[$m[2]] ?? "($m[2])";
            }
        } elseif (preg_match('/^fn=(.+)$/', $line, $m)) {
            $fn = $m[1];
        } elseif (str_starts_with($line, 'calls=')) {
            $skip = true;
        } elseif (preg_match('/^positions: (.+)$/', $line, $m)) {
            $positions = count(explode(' ', $m[1]));
        } elseif ($fn !== null && preg_match('/^[-+*0-9]/', $line)) {
            $fields = explode(' ', $line);
            $own[$fn] = ($own[$fn] ?? 0) + (int) ($fields[$positions] ?? 0);
        }
    }
    fclose($in);
    return $own;
}

/** The bin of a C function, by its name without the callers. */
function bench_bin(string $function, ?string $focus): string
{
    $name = strtok($function, "'");
    if ($focus !== null && preg_match("~$focus~", $name)) {
        return 'focus';
    }
    foreach (BENCH_BINS as $bin => $pattern) {
        if (preg_match($pattern, $name)) {
            return $bin;
        }
    }
    return 'other';
}
