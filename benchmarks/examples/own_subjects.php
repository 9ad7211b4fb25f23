<?php
/*
 * An example subject file of your own: benchmarks/run LABEL --subjects=THIS_FILE
 *
 * Return name => spec. 'run' is one unit of work (one request, one call of the
 * code you are changing); it must return the same value every time, and that
 * value is checked against 'expect' after measuring, so a change that breaks
 * the code fails the run instead of looking fast. 'k' is the number of warm
 * calls: keep it fixed between the runs you compare. Load your code here
 * (require your autoloader); 'extensions' names PHP extensions to load.
 */
function slugify(string $title): string
{
    $slug = strtolower(trim(preg_replace('/[^A-Za-z0-9]+/', '-', $title), '-'));
    return $slug === '' ? 'n-a' : $slug;
}

return [
    'example.slugify' => [
        'k' => 2000,
        'run' => fn(): string => slugify('  Hello, World: bench 2026!  '),
        'expect' => 'hello-world-bench-2026',
    ],
    'example.slugify_many' => [
        'k' => 200,
        'run' => function (): int {
            $n = 0;
            foreach (['A title', 'Another one', 'Ünïcode stays out', '---'] as $t) {
                $n += strlen(slugify(str_repeat("$t ", 10)));
            }
            return $n;
        },
        'expect' => 370,
    ],
];
