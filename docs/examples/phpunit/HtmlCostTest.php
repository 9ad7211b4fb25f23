<?php
/*
 * A cost assertion in PHPUnit (docs/testing.md): what Html::row() costs per
 * call once warm, asserted exactly. Run it with bench loaded:
 *
 *   php -d extension=bench.so -d bench.count_ops=1 -d opcache.enable_cli=0 vendor/bin/phpunit docs/examples/phpunit
 */
declare(strict_types=1);

use PHPUnit\Framework\TestCase;

require_once __DIR__ . '/Html.php';

final class HtmlCostTest extends TestCase
{
    protected function setUp(): void
    {
        if (!extension_loaded('bench')) {
            $this->markTestSkipped('bench is not loaded: php -d extension=bench.so vendor/bin/phpunit');
        }
        // Xdebug's develop and trace modes allocate in internal calls: exact counts do not hold there.
        if ($disturbances = bench_info()['disturbances']) {
            $this->markTestSkipped(implode('; ', $disturbances));
        }
    }

    public function testRowOfThreeCells(): void
    {
        $warm = bench_measure(fn() => Html::row(['Ada', 'Lovelace', '1815']), k: 100)['warm'];

        // Exact: the same code allocates the same on every run.
        $this->assertSame(10, $warm['allocs'], 'allocations per call');
        $this->assertSame(0, $warm['retained_bytes'], 'bytes kept per call');
        // A budget: room for a small change, a failure for a large one.
        $this->assertLessThanOrEqual(600, $warm['alloc_bytes'], 'bytes allocated per call');
        // Opcodes are counted where bench.count_ops=1 was set at startup (null otherwise), and opcache's optimizer
        // rewrites them where it runs in the CLI (26 here): their count is pinned with php -d opcache.enable_cli=0.
        if ($warm['ops'] !== null && !ini_get('opcache.enable_cli')) {
            $this->assertSame(27, $warm['ops'], 'opcodes per call');
        }
    }
}
