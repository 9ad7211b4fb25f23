<?php
/*
 * Reference app 3: an MVC page. A router and a dispatcher pick a controller
 * action; the action builds a view model; a template written in a small
 * template language ({{ var }}, {% for x in list %}...{% endfor %}, {% if %})
 * is compiled to PHP once per process and rendered for every request.
 */
namespace BenchApps\Mvc;

require_once __DIR__ . '/../http.php';

use BenchApps\Http\{Request, Response, Router};

final class Template
{
    /** @var array<string, \Closure> compiled templates, by source hash: compiled once */
    private static array $compiled = [];

    public static function compile(string $source): string
    {
        $php = preg_replace_callback('/\{\{\s*([\w.]+)\s*\}\}|\{%\s*(for|if|endfor|endif)\s*([^%]*?)\s*%\}/',
            function (array $m): string {
                if ($m[1] !== '') {
                    return '<?= htmlspecialchars((string) ' . self::expr($m[1]) . ', ENT_QUOTES) ?>';
                }
                return match ($m[2]) {
                    'for' => preg_match('/^(\w+) in ([\w.]+)$/', $m[3], $f)
                        ? '<?php foreach (' . self::expr($f[2]) . ' as $' . $f[1] . '): ?>'
                        : throw new \InvalidArgumentException("bad for: {$m[3]}"),
                    'if' => '<?php if (' . self::expr($m[3]) . '): ?>',
                    'endfor' => '<?php endforeach; ?>',
                    'endif' => '<?php endif; ?>',
                };
            }, $source);
        return '?>' . $php;
    }

    /** "user.name" -> $user['name'] */
    private static function expr(string $path): string
    {
        $parts = explode('.', $path);
        $code = '$' . array_shift($parts);
        foreach ($parts as $part) {
            $code .= "['" . $part . "']";
        }
        return $code;
    }

    public static function render(string $source, array $vars): string
    {
        $render = self::$compiled[md5($source)] ??= eval('return static function (array $__vars) { extract($__vars); '
            . self::compile($source) . '<?php };');
        ob_start();
        $render($vars);
        return ob_get_clean();
    }
}

final class ArticleController
{
    public function show(array $params): Response
    {
        $article = [
            'title' => 'Article ' . $params['slug'],
            'author' => ['name' => 'Ada <Lovelace>'],
            'tags' => ['php', 'performance', 'benchmarks'],
            'comments' => array_map(fn(int $i) => ['who' => "reader$i", 'text' => "comment #$i"], range(1, 10)),
        ];
        return new Response(Template::render(PAGE, ['article' => $article, 'site' => 'bench']));
    }
}

final class Dispatcher
{
    public function __construct(private Router $router) {}

    public function handle(Request $request): Response
    {
        $match = $this->router->match($request);
        if ($match === null) {
            return new Response('not found', 404);
        }
        [[$class, $method], $params] = $match;
        return (new $class())->$method($params);
    }
}

const PAGE = <<<'TPL'
<html><head><title>{{ article.title }} - {{ site }}</title></head><body>
<h1>{{ article.title }}</h1><p>by {{ article.author.name }}</p>
<ul>{% for tag in article.tags %}<li>{{ tag }}</li>{% endfor %}</ul>
{% if article.comments %}<ol>{% for c in article.comments %}<li>{{ c.who }}: {{ c.text }}</li>{% endfor %}</ol>{% endif %}
</body></html>
TPL;

// What the page must render to (PHP drops the newline right after a closing tag).
const EXPECTED_PAGE = <<<'HTML'
<html><head><title>Article intro - bench</title></head><body>
<h1>Article intro</h1><p>by Ada &lt;Lovelace&gt;</p>
<ul><li>php</li><li>performance</li><li>benchmarks</li></ul>
<ol><li>reader1: comment #1</li><li>reader2: comment #2</li><li>reader3: comment #3</li><li>reader4: comment #4</li><li>reader5: comment #5</li><li>reader6: comment #6</li><li>reader7: comment #7</li><li>reader8: comment #8</li><li>reader9: comment #9</li><li>reader10: comment #10</li></ol></body></html>
HTML;

function app(Request $request): Response
{
    $router = new Router();
    $router->add('GET', '/', [ArticleController::class, 'show']);
    $router->add('GET', '/articles/{slug}', [ArticleController::class, 'show']);
    return (new Dispatcher($router))->handle($request);
}

return [
    'app.mvc.page' => [
        'k' => 1000,
        'run' => fn(): string => \BenchApps\Http\serve('BenchApps\Mvc\app', new Request('GET', '/articles/intro')),
        'expect' => '200 ' . EXPECTED_PAGE,
    ],
];
