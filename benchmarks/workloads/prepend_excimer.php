<?php
// Anchor for benchmarks/overhead: Excimer sampling wall time, period from BENCH_EXCIMER_PERIOD (seconds).
$GLOBALS['bench_excimer'] = new ExcimerProfiler();
$GLOBALS['bench_excimer']->setPeriod((float) (getenv('BENCH_EXCIMER_PERIOD') ?: 0.01));
$GLOBALS['bench_excimer']->setEventType(EXCIMER_REAL);
$GLOBALS['bench_excimer']->start();
register_shutdown_function(function () { $GLOBALS['bench_excimer']->stop(); $GLOBALS['bench_excimer']->getLog()->formatCollapsed(); });
