<?php
/*
 * One page, for bench instr (docs/walkthrough-instr.md):
 *   bench instr -- php -d extension=PATH/htmlesc.so -d bench.owners=user,ext:htmlesc page.php
 */
require __DIR__ . '/subjects.php';
echo md5(htmlesc_page(htmlesc_rows())), "\n";
