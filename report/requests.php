<?php
/*
 * bench report: the requests of a set. The slowest and the most allocating
 * are kept, and a sum per endpoint: memory does not grow with the number of
 * profiles (but for endpoints, capped too).
 */
namespace Bench\Report;

final class Requests
{
    /** how many of the slowest and of the most allocating are kept */
    public const KEEP = 100;
    /** endpoints kept apart; those seen once the cap is reached go to "(other)" */
    public const ENDPOINTS = 2000;
    /** requests of an endpoint kept (their duration and file) for its median request: the first ones */
    public const ENDPOINT_KEEP = 51;

    public int $count = 0;
    public ?int $first = null;
    public ?int $last = null;
    /** lists of requests: [duration_ns, allocs, ...] (see record()) */
    public array $slowest = [];
    public array $allocating = [];
    /** endpoint => [requests, duration_ns sum, duration_ns max, peak_memory sum, allocs sum, alloc_bytes sum, kept] */
    public array $endpoints = [];

    public function add(Profile $p): void
    {
        $r = self::record($p);
        // A merge counts for its requests, from its first to its last.
        $this->count += $r['requests'];
        $this->first = min($this->first ?? $r['time_ns'], $r['time_ns']);
        $this->last = max($this->last ?? $r['time_ns'], $p->meta['last_ns'] ?? $r['time_ns']);
        $this->slowest[] = $r;
        $this->allocating[] = $r;
        if (count($this->slowest) >= 2 * self::KEEP) {
            $this->prune();
        }
        $this->addEndpoint($r);
    }

    /** What is kept of a request. */
    private static function record(Profile $p): array
    {
        $m = $p->meta;
        return [
            'time_ns' => $m['time_ns'] ?? 0, 'method' => $m['method'] ?? '', 'uri' => $m['uri'] ?? '',
            'status' => $m['status'] ?? 0, 'duration_ns' => $m['duration_ns'] ?? null, 'peak_memory' => $m['peak_memory'] ?? null,
            'allocs' => $p->totals['allocs'] ?? null, 'alloc_bytes' => $p->totals['alloc_bytes'] ?? null,
            'mode' => $m['mode'] ?? '', 'pid' => $m['pid'] ?? null, 'file' => $p->file, 'endpoint' => profile_endpoint($p),
            'requests' => $m['merged'] ?? 1,
        ];
    }

    /** Keeps the KEEP slowest and the KEEP most allocating. */
    public function prune(): void
    {
        usort($this->slowest, fn($a, $b) => $b['duration_ns'] <=> $a['duration_ns']);
        usort($this->allocating, fn($a, $b) => [$b['alloc_bytes'], $b['allocs']] <=> [$a['alloc_bytes'], $a['allocs']]);
        $this->slowest = array_slice($this->slowest, 0, self::KEEP);
        $this->allocating = array_slice($this->allocating, 0, self::KEEP);
    }

    /** A URI as an endpoint: numbers and hexadecimal ids in its path become {id}. */
    public static function endpoint(string $method, string $uri): string
    {
        $path = preg_replace('~(?<=/)(\d+|[0-9a-f]{8,}|[0-9a-f]{8}-[0-9a-f-]{27})(?=/|$)~i', '{id}', $uri);
        return ltrim("$method $path");
    }

    private function addEndpoint(array $r): void
    {
        $key = $r['endpoint'];
        if (!isset($this->endpoints[$key]) && count($this->endpoints) >= self::ENDPOINTS) {
            $key = '(other)';
        }
        $e = &$this->endpoints[$key];
        $e ??= ['requests' => 0, 'duration_ns' => 0, 'max_duration_ns' => 0, 'peak_memory' => 0, 'allocs' => 0, 'alloc_bytes' => 0];
        $e['requests'] += $r['requests'];
        $e['duration_ns'] += $r['duration_ns'] ?? 0;
        $e['max_duration_ns'] = max($e['max_duration_ns'], $r['duration_ns'] ?? 0);
        $e['peak_memory'] += $r['peak_memory'] ?? 0;
        $e['allocs'] += $r['allocs'] ?? 0;
        $e['alloc_bytes'] += $r['alloc_bytes'] ?? 0;
        if (count($e['kept'] ??= []) < self::ENDPOINT_KEEP) {
            $e['kept'][] = [$r['duration_ns'] ?? 0, $r['file']];
        }
    }

    /** An endpoint's median request by duration (of those kept): its file. */
    public function median(string $endpoint): ?string
    {
        $kept = $this->endpoints[$endpoint]['kept'] ?? [];
        if (!$kept) {
            return null;
        }
        sort($kept);
        return $kept[intdiv(count($kept) - 1, 2)][1];
    }
}

/**
 * A request's endpoint: the application's own name for it (an "endpoint"
 * label, bench_label()), else its method and URI with ids as {id}.
 */
function profile_endpoint(Profile $p): string
{
    $label = $p->meta['labels']['endpoint'] ?? null;
    return is_string($label) && $label !== '' ? $label : Requests::endpoint($p->meta['method'] ?? '', $p->meta['uri'] ?? '');
}
