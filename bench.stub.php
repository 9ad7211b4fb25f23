<?php

/**
 * @generate-function-entries
 * @undocumentable
 */

/**
 * Cost of the first call of $subject ("cold") and the mean cost of the next
 * $k calls ("warm"). Each metrics array has the keys wall_ns, cpu_ns,
 * instructions, cycles, allocs, alloc_bytes, frees, freed_bytes, ops and
 * retained_bytes; a counter this machine cannot provide is null. A warm exact
 * counter (allocations, bytes, ops) is an int where $k divides its total, a
 * float otherwise; clocks and hardware counters are floats. peak_bytes is the
 * highest Zend MM usage of all the calls above the usage before them.
 *
 * @return array{k: int, cold: array<string, int|null>, warm: array<string, int|float|null>, peak_bytes: int|null}
 */
function bench_measure(callable $subject, int $k = 100, array $args = []): array {}

/**
 * The same counters as bench_measure(), as totals since the request began,
 * except allocations and cpu_ns: unless bench.count_allocs=1 starts them with
 * the request, they count from the first call of the request (each would
 * cost every request of a server something).
 *
 * @return array<string, int|null>
 */
function bench_counters(): array {}

/**
 * Version, PHP version, mode, build features, for every counter whether it is
 * available here and, if it is not, why; and the disturbances: what this
 * process has loaded that changes exact counts (Xdebug's develop and trace modes).
 */
function bench_info(): array {}

/**
 * Starts a profile here (bench.mode=profile, typically with bench.start=api):
 * what runs from now on is attributed. False when a profile is running
 * already. An Error when bench.mode is not profile.
 */
function bench_start(): bool {}

/**
 * Ends the running profile and returns it: totals, overhead, functions (calls,
 * own and inclusive cost) and edges. Every cost has bench_measure()'s keys,
 * null where the profile has no value. No file is written for it.
 *
 * @return array{totals: array<string, int|null>, overhead: array<string, int|null>, functions: array, edges: array}
 */
function bench_stop(): array {}

/**
 * Puts a label on the running request's profile: pprof labels on every
 * sample (-tags, -tagfocus), "labels" in the JSON, a "desc: Label:" line in
 * callgrind. An "endpoint" label (the route, "GET /products/{id}") groups
 * requests in bench's reports in place of their URI. Setting a key again
 * replaces its value. False when nothing is being profiled (bench off, a
 * request not sampled); at most 16 labels a request and 255 bytes a value,
 * with one warning. A ValueError for a key that is not 1 to 63 letters,
 * digits, '_', '.' or '-', or that names one of bench's own labels.
 */
function bench_label(string $key, string $value): bool {}

/**
 * Worker mode: a long-running script that handles one request per iteration
 * of its loop (RoadRunner, Swoole, FrankenPHP's workers) begins a handled
 * request's own profile here, with its URI and method; the profile running
 * until now (the worker's start, or a handled request not ended) is written
 * first. In profile mode every handled request is profiled, in sample mode
 * those bench.sample_requests draws. False when none began.
 */
function bench_request_begin(string $uri = "", string $method = ""): bool {}

/**
 * Worker mode: ends the handled request's profile with its HTTP status (0:
 * none) and writes it to bench.output_dir, as a request's end would; nothing
 * is profiled until the next bench_request_begin(). False when no profile
 * was running.
 */
function bench_request_end(int $status = 0): bool {}

/**
 * Decompresses $data, one or more zstd frames (a profile written with
 * bench.compress=zstd), for readers such as bin/bench: PHP has no zstd of its
 * own. A ValueError when $data is not zstd, is truncated or corrupt, or would
 * decompress to more than $max_length bytes (0: no limit but memory_limit);
 * an Error when bench was built without libzstd.
 */
function bench_zstd_decompress(string $data, int $max_length = 0): string {}

/**
 * For bin/bench only, not an API: writes the profiles that bench merge
 * merged ($profile, report/merge.php's arrays) in $format (callgrind, folded,
 * json or pprof) with the writers that write a request's profile, and
 * returns the bytes. An Exception with code 1 when the output would pass
 * $max_bytes (0: no limit), 2 when a sum passes int64.
 */
function bench_internal_write_profile(string $format, array $profile, int $max_bytes): string {}

/**
 * For bin/bench only, not an API: the views of a profile ($profile,
 * report/merge.php's arrays, of one side of a model) that the writers use:
 * per function calls, own and inclusive costs (counted once in a recursion),
 * per call edge calls and inclusive costs, per counter the total, keyed by
 * the arrays' ids ("calls", "own", "incl", "edges", "total"). An Exception
 * with code 2 when a sum passes int64.
 */
function bench_internal_profile_views(array $profile): array {}

/**
 * For bin/bench only, not an API: bench's counters in order, as
 * bench_counter_info has them, name => ["unit" => "ns", "bytes" or "count",
 * "exact" => bool, "attributed" => bool, "pprof" => its sample type].
 */
function bench_internal_counters(): array {}
