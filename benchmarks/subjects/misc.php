<?php
// Exceptions, generators, JSON, regular expressions and include.
$document = ['id' => 7, 'name' => 'bench', 'tags' => ['php', 'perf', 'ci'], 'scores' => range(1, 20)];
$json = json_encode($document);

function bench_subject_numbers(int $n): Generator
{
    for ($i = 1; $i <= $n; $i++) {
        yield $i;
    }
}

return [
    'exceptions.throw_catch' => [
        'k' => 2000,
        'run' => function (): string {
            try {
                throw new DomainException('out of range');
            } catch (DomainException $e) {
                return $e->getMessage();
            }
        },
        'expect' => 'out of range',
    ],
    'generators.iterate' => [
        'k' => 1000,
        'run' => function (): int { $s = 0; foreach (bench_subject_numbers(100) as $v) { $s += $v; } return $s; },
        'expect' => 5050,
    ],
    'json.encode' => [
        'k' => 2000,
        'run' => fn(): int => strlen(json_encode($document)),
        'expect' => strlen($json),
    ],
    'json.decode' => [
        'k' => 2000,
        'run' => fn(): int => array_sum(json_decode($json, true)['scores']),
        'expect' => 210,
    ],
    'preg.match' => [
        'k' => 2000,
        'run' => fn(): string => preg_match('/(\w+)@(\w+)\.org/', 'write to bench@example.org today', $m) ? $m[2] : '',
        'expect' => 'example',
    ],
    'include.small_file' => [
        'k' => 1000,
        'run' => fn(): int => (include __DIR__ . '/include_me.inc')(20),
        'expect' => 210,
    ],
];
