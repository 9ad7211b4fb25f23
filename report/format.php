<?php
/*
 * bench report: numbers with their units, and what kind of owner a function is.
 */
namespace Bench\Report;

/** A value for a person: time in ns, µs, ms or s; bytes in B, KiB, MiB or GiB; counts as they are, grouped. */
function human(int|float $value, string $unit): string
{
    if ($unit === 'ns') {
        foreach ([[1e9, 's'], [1e6, 'ms'], [1e3, 'µs']] as [$scale, $name]) {
            if (abs($value) >= $scale) {
                return three_digits($value / $scale) . " $name";
            }
        }
        return round($value) . ' ns';
    }
    if ($unit === 'bytes') {
        foreach ([[1 << 30, 'GiB'], [1 << 20, 'MiB'], [1 << 10, 'KiB']] as [$scale, $name]) {
            if (abs($value) >= $scale) {
                return three_digits($value / $scale) . " $name";
            }
        }
        return round($value) . ' B';
    }
    return exact($value);
}

/** An exact count, grouped by thousands (a fraction, from an estimate or a mean, keeps one decimal). */
function exact(int|float $value): string
{
    if (is_float($value) && abs($value - round($value)) > 1e-9) {
        return number_format($value, 1);
    }
    return number_format($value);
}

/**
 * A number as --raw prints it, for a script to read: digits alone, no
 * thousands separator and no unit (a fraction, from an estimate or a mean,
 * keeps one decimal).
 */
function raw_number(int|float $value): string
{
    if (is_float($value) && abs($value - round($value)) > 1e-9) {
        return number_format($value, 1, '.', '');
    }
    return number_format($value, 0, '.', '');
}

/** A value in a terminal table: plain under --raw, else with its unit (human()). */
function cell_value(int|float $value, string $unit, bool $raw): string
{
    return $raw ? raw_number($value) : human($value, $unit);
}

function three_digits(float $x): string
{
    $a = abs($x);
    return number_format($x, $a >= 100 ? 0 : ($a >= 10 ? 1 : 2));
}

/** A value with its unit and, where the unit is not a count, the exact number too. */
function human_exact(int|float $value, string $unit): string
{
    $h = human($value, $unit);
    return $unit === 'count' ? $h : sprintf('%s (%s %s)', $h, exact($value), $unit === 'ns' ? 'ns' : 'B');
}

/**
 * Text for a terminal: a profile's strings (names, files, URIs, source lines)
 * may hold escape sequences that would retitle or rewrite the user's
 * terminal. Controls but tab and newline become '?', as do C1 controls and
 * bytes that are not UTF-8 (some terminals take a lone 0x9b as CSI).
 */
function printable(string $text): string
{
    if (!preg_match('/[\x00-\x08\x0b-\x1f\x7f-\xff]/', $text)) {
        return $text;
    }
    $text = htmlspecialchars_decode(htmlspecialchars($text, ENT_NOQUOTES | ENT_SUBSTITUTE, 'UTF-8'), ENT_NOQUOTES);
    return preg_replace('/[\x00-\x08\x0b-\x1f\x7f]|\xc2[\x80-\x9f]/', '?', $text);
}

/** "1 profile", "2,000 profiles". */
function plural(int $n, string $word): string
{
    return number_format($n) . ' ' . $word . ($n === 1 ? '' : 's');
}

function percent(int|float $part, int|float $whole): string
{
    return $whole ? sprintf('%.2f%%', 100 * $part / $whole) : '-';
}

/** Extensions that every PHP has: their functions are "internal"; other internal functions are "extension". */
/**
 * A name as a person reads it at a glance: namespaces and directories left
 * out (App\Http\Kernel::handle is Kernel::handle, {closure}@/srv/app/x.php:9
 * is {closure}@x.php:9). The full name stays in tooltips; flame.js's
 * shortName() is the same rule for labels redrawn on zoom.
 */
function short_name(string $name): string
{
    return preg_replace(['/(?:[A-Za-z_\x80-\xff][\w\x80-\xff]*\\\\)+/', '~(?:[^\s@:/]*/)+~'], '', $name) ?? $name;
}

const CORE_EXTENSIONS = ['Core', 'standard', 'date', 'pcre', 'SPL', 'Reflection', 'hash', 'json', 'random'];

/**
 * The kind of owner a function is, for colours: 'request' ({request},
 * {truncated}), 'native' (a native frame: "symbol (library)" or
 * "library+0x..."), 'internal' (PHP's own functions), 'extension' (another
 * internal function), 'user'.
 */
function kind_of(string $name, string $file): string
{
    if ($name === '{request}' || $name === '{truncated}') {
        return 'request';
    }
    if (preg_match('/^\S.* \([^()]+\.so[^()]*\)$|^[^ ]+\.so[.\d]*\+0x[0-9a-f]+$/', $name)) {
        return 'native';
    }
    if ($file !== '' && $file !== 'php:internal') {
        return 'user';
    }
    $ext = extension_of($name);
    if ($ext === null) {
        return $file === 'php:internal' ? 'extension' : 'user';
    }
    return in_array($ext, CORE_EXTENSIONS, true) ? 'internal' : 'extension';
}

/** The extension of an internal function or method as this PHP knows it; null when it does not. */
function extension_of(string $name): ?string
{
    try {
        if (str_contains($name, '::')) {
            [$class] = explode('::', $name, 2);
            if (class_exists($class, false) || interface_exists($class, false)) {
                $ext = (new \ReflectionClass($class))->getExtensionName();
                return $ext === false ? null : $ext;
            }
            return null;
        }
        if (function_exists($name)) {
            $ext = (new \ReflectionFunction($name))->getExtensionName();
            return $ext === false ? null : $ext;
        }
    } catch (\ReflectionException) {
    }
    return null;
}
