<?php
/*
 * bench report: the protocol buffer wire format, as far as pprof's
 * profile.proto needs it: varints, lengths, packed repeated varints.
 */
namespace Bench\Report;

const PB_VARINT = 0;
const PB_FIXED64 = 1;
const PB_LEN = 2;
const PB_FIXED32 = 5;

/**
 * The fields of one message, $data[$at..$end): a list of [field, value], the
 * value an int for a varint and [start, end] offsets for a length-delimited
 * field (fixed-width values are checked and skipped: profile.proto has none).
 * One-byte varints, most of a profile's, are read here, not by pb_varint().
 */
function pb_fields(string $data, int $at, int $end): array
{
    $fields = [];
    for ($n = 1; $at < $end; $n++) {
        if (($n & 4095) === 0) {
            memory_guard();
        }
        $key = ord($data[$at]);
        if ($key < 0x80) {
            $at++;
        } else {
            $key = pb_varint($data, $at, $end);
        }
        $type = $key & 7;
        if ($type === PB_VARINT || $type === PB_LEN) {
            if ($at < $end && ($value = ord($data[$at])) < 0x80) {
                $at++;
            } else {
                $value = pb_varint($data, $at, $end);
            }
            if ($type === PB_VARINT) {
                $fields[] = [$key >> 3, $value];
                continue;
            }
            if ($value < 0 || $value > $end - $at) {
                throw new ReadError(sprintf('field %d at byte %d says %d bytes, past the end of its message', $key >> 3, $at, $value));
            }
            $fields[] = [$key >> 3, [$at, $at + $value]];
            $at += $value;
        } elseif ($type === PB_FIXED64 || $type === PB_FIXED32) {
            $at += $type === PB_FIXED64 ? 8 : 4;
            if ($at > $end) {
                throw new ReadError(sprintf('field %d ends past its message', $key >> 3));
            }
        } else {
            throw new ReadError(sprintf('wire type %d of field %d at byte %d is not protobuf', $type, $key >> 3, $at));
        }
    }
    return $fields;
}

/**
 * A message made of varints only (profile.proto's Function, Line, ValueType,
 * Label): field => value (the last, for a field given twice).
 */
function pb_varints(string $data, int $at, int $end, string $message): array
{
    $fields = [];
    foreach (pb_fields($data, $at, $end) as [$field, $value]) {
        $fields[$field] = is_int($value) ? $value : throw new ReadError("$message field $field is not a varint");
    }
    return $fields;
}

/** A varint at $at, which moves past it. Ten bytes at most: the 64 bits wrap as int64 does. */
function pb_varint(string $data, int &$at, int $end): int
{
    $value = 0;
    for ($shift = 0; $shift < 64; $shift += 7) {
        if ($at >= $end) {
            throw new ReadError("a varint ends past its message (byte $at)");
        }
        $byte = ord($data[$at++]);
        $value |= ($byte & 0x7f) << $shift;
        if ($byte < 0x80) {
            return $value;
        }
    }
    throw new ReadError("a varint longer than 10 bytes (byte $at)");
}

/** A repeated varint field's values: packed ([start, end]) or one value. */
function pb_repeated(string $data, array $field, array &$out): void
{
    if (is_int($field[1])) {
        $out[] = $field[1];
        return;
    }
    [$at, $end] = $field[1];
    for ($n = 1; $at < $end; $n++) {
        if (($n & 8191) === 0) {
            memory_guard();
        }
        $byte = ord($data[$at]);
        if ($byte < 0x80) {
            $out[] = $byte;
            $at++;
        } else {
            $out[] = pb_varint($data, $at, $end);
        }
    }
}

/** A varint field's value, or a ReadError naming the message. */
function pb_int(array $field, string $message): int
{
    return is_int($field[1]) ? $field[1] : throw new ReadError("$message field {$field[0]} is not a varint");
}

/** A length field's [start, end], or a ReadError naming the message. */
function pb_span(array $field, string $message): array
{
    return is_array($field[1]) ? $field[1] : throw new ReadError("$message field {$field[0]} is not a length-delimited field");
}

// ---- writing: crafted profiles (tests/report/, scripts/fuzz-report); bench.so writes bench's (src/dump/pprof.c) ----

function pb_put_varint(int $value): string
{
    $out = '';
    // As an unsigned 64-bit number: a negative int64 takes ten bytes.
    while ($value < 0 || $value >= 0x80) {
        $out .= chr(($value & 0x7f) | 0x80);
        $value = ($value >> 7) & PHP_INT_MAX >> 6;
    }
    return $out . chr($value);
}

/** A varint field (nothing for 0, proto3's default). */
function pb_put_int(int $field, int $value): string
{
    return $value === 0 ? '' : pb_put_varint($field << 3 | PB_VARINT) . pb_put_varint($value);
}

function pb_put_bytes(int $field, string $bytes): string
{
    return pb_put_varint($field << 3 | PB_LEN) . pb_put_varint(strlen($bytes)) . $bytes;
}

/** Packed repeated varints. */
function pb_put_packed(int $field, array $values): string
{
    $bytes = '';
    foreach ($values as $v) {
        $bytes .= pb_put_varint($v);
    }
    return pb_put_bytes($field, $bytes);
}
