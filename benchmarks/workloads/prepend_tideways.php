<?php
// Anchor for benchmarks/overhead: tideways_xhprof with CPU and memory flags, on for the whole script.
tideways_xhprof_enable(TIDEWAYS_XHPROF_FLAGS_CPU | TIDEWAYS_XHPROF_FLAGS_MEMORY);
register_shutdown_function(function () { tideways_xhprof_disable(); });
