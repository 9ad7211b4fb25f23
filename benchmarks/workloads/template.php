<?php
// Real code: a small template engine ({{ var|filter }}, {% for %}, {% if %})
// rendering a 50-item product listing with varying data, N times. Prints its
// own run time in ns (startup excluded) and a checksum of the pages.

abstract class Node
{
    /** Turns the node into a closure that renders it for a context. */
    abstract public function compile(Engine $engine): Closure;
}

final class TextNode extends Node
{
    public function __construct(private string $text) {}

    public function compile(Engine $engine): Closure
    {
        $text = $this->text;
        return static fn(array $ctx): string => $text;
    }
}

final class VarNode extends Node
{
    /** @param string[] $filters */
    public function __construct(private string $path, private array $filters) {}

    public function compile(Engine $engine): Closure
    {
        $path = explode('.', $this->path);
        $filters = array_map([$engine, 'filter'], $this->filters);
        return static function (array $ctx) use ($engine, $path, $filters): string {
            $value = $engine->lookup($ctx, $path);
            foreach ($filters as $filter) {
                $value = $filter($value);
            }
            return htmlspecialchars((string) $value, ENT_QUOTES);
        };
    }
}

final class ForNode extends Node
{
    /** @param Node[] $body */
    public function __construct(private string $name, private string $list, private array $body) {}

    public function compile(Engine $engine): Closure
    {
        $name = $this->name;
        $path = explode('.', $this->list);
        $body = $engine->compileNodes($this->body);
        return static function (array $ctx) use ($engine, $name, $path, $body): string {
            $out = '';
            $items = $engine->lookup($ctx, $path) ?? [];
            $count = count($items);
            $i = 0;
            foreach ($items as $item) {
                $ctx[$name] = $item;
                $ctx['loop'] = ['index' => ++$i, 'first' => $i === 1, 'last' => $i === $count];
                $out .= $body($ctx);
            }
            return $out;
        };
    }
}

final class IfNode extends Node
{
    /** @param Node[] $body */
    public function __construct(private string $cond, private array $body) {}

    public function compile(Engine $engine): Closure
    {
        $negate = str_starts_with($this->cond, 'not ');
        $path = explode('.', $negate ? substr($this->cond, 4) : $this->cond);
        $body = $engine->compileNodes($this->body);
        return static function (array $ctx) use ($engine, $negate, $path, $body): string {
            $truthy = (bool) $engine->lookup($ctx, $path);
            return $truthy !== $negate ? $body($ctx) : '';
        };
    }
}

final class Engine
{
    /** @var array<string, Closure> */
    private array $filters;

    public function __construct()
    {
        $this->filters = [
            'upper' => static fn($v): string => strtoupper((string) $v),
            'lower' => static fn($v): string => strtolower((string) $v),
            'title' => static fn($v): string => ucwords((string) $v),
            'money' => static fn($v): string => number_format((float) $v, 2, '.', ','),
            'join' => static fn($v): string => implode(', ', (array) $v),
            'length' => static fn($v): int => is_array($v) ? count($v) : strlen((string) $v),
        ];
    }

    public function filter(string $name): Closure
    {
        return $this->filters[$name] ?? throw new InvalidArgumentException("unknown filter $name");
    }

    /** @param string[] $path */
    public function lookup(array $ctx, array $path): mixed
    {
        $value = $ctx;
        foreach ($path as $key) {
            if (is_array($value) && array_key_exists($key, $value)) {
                $value = $value[$key];
            } elseif (is_object($value) && isset($value->$key)) {
                $value = $value->$key;
            } else {
                return null;
            }
        }
        return $value;
    }

    /** Compiled once per template; the closure is then rendered per request. */
    public function compile(string $source): Closure
    {
        $tokens = preg_split('/(\{\{.*?\}\}|\{%.*?%\})/s', $source, -1, PREG_SPLIT_DELIM_CAPTURE | PREG_SPLIT_NO_EMPTY);
        $pos = 0;
        $nodes = $this->parse($tokens, $pos, null);
        return $this->compileNodes($nodes);
    }

    /** @param Node[] $nodes */
    public function compileNodes(array $nodes): Closure
    {
        $parts = array_map(fn(Node $node): Closure => $node->compile($this), $nodes);
        return static function (array $ctx) use ($parts): string {
            $out = '';
            foreach ($parts as $part) {
                $out .= $part($ctx);
            }
            return $out;
        };
    }

    /** @return Node[] */
    private function parse(array $tokens, int &$pos, ?string $end): array
    {
        $nodes = [];
        while ($pos < count($tokens)) {
            $token = $tokens[$pos++];
            if (str_starts_with($token, '{{')) {
                $parts = array_map('trim', explode('|', substr($token, 2, -2)));
                $nodes[] = new VarNode(array_shift($parts), $parts);
            } elseif (str_starts_with($token, '{%')) {
                $words = preg_split('/\s+/', trim(substr($token, 2, -2)));
                if ($words[0] === $end) {
                    return $nodes;
                } elseif ($words[0] === 'for' && ($words[2] ?? '') === 'in') {
                    $nodes[] = new ForNode($words[1], $words[3], $this->parse($tokens, $pos, 'endfor'));
                } elseif ($words[0] === 'if') {
                    $cond = implode(' ', array_slice($words, 1));
                    $nodes[] = new IfNode($cond, $this->parse($tokens, $pos, 'endif'));
                } else {
                    throw new RuntimeException("unexpected tag {$words[0]}");
                }
            } else {
                $nodes[] = new TextNode($token);
            }
        }
        if ($end !== null) {
            throw new RuntimeException("missing $end");
        }
        return $nodes;
    }
}

const TEMPLATE = <<<'TPL'
<!DOCTYPE html>
<html><head><title>{{ shop.name|title }} - {{ page.title }}</title></head>
<body>
<h1>{{ page.title|upper }}</h1>
{% if user.logged_in %}<p class="hello">Welcome back, {{ user.name }}!</p>{% endif %}
{% if not user.logged_in %}<p><a href="/login">Sign in</a></p>{% endif %}
<p>{{ products|length }} products in {{ page.category|lower }}</p>
<ul class="products">
{% for product in products %}  <li id="p{{ product.id }}"
      class="{% if loop.first %}first{% endif %}{% if loop.last %}last{% endif %}">
    <h2><a href="/p/{{ product.id }}">{{ product.name|title }}</a></h2>
    <span class="price">{{ shop.currency }}{{ product.price|money }}</span>
    {% if product.on_sale %}<span class="sale">Sale!
      was {{ shop.currency }}{{ product.old_price|money }}</span>{% endif %}
    <ul class="tags">{% for tag in product.tags %}<li>{{ tag }}</li>{% endfor %}</ul>
    <p>{{ product.description }}</p>
  </li>
{% endfor %}</ul>
<footer>Tags: {{ page.all_tags|join }} &middot; page {{ page.number }}</footer>
</body></html>
TPL;

const ADJECTIVES = ['red', 'smart', 'tiny', 'heavy', 'wooden', 'classic', 'quiet', 'fast', 'eco', 'deluxe'];
const NOUNS = ['lamp', 'chair', 'kettle', 'backpack', 'watch', 'speaker', 'mug', 'desk', 'jacket', 'bike'];
const TAGS = ['new', 'popular', 'gift', 'outdoor', 'kitchen', 'office', '<limited>', 'kids', 'travel', 'R&D'];

/** Builds the context for request $req: 50 products whose data vary per request. */
function make_context(int $req): array
{
    $products = [];
    $allTags = [];
    for ($k = 0; $k < 50; $k++) {
        $seed = $req * 131 + $k * 17;
        $tags = [];
        for ($t = 0; $t < 1 + $seed % 4; $t++) {
            $tags[] = TAGS[($seed + $t * 3) % count(TAGS)];
        }
        $allTags += array_flip($tags);
        $price = ($seed * 7919 % 250000) / 100 + 0.99;
        $products[] = [
            'id' => $req * 100 + $k,
            'name' => ADJECTIVES[$seed % 10] . ' ' . NOUNS[intdiv($seed, 10) % 10],
            'price' => $price,
            'on_sale' => $seed % 3 === 0,
            'old_price' => $price * 1.25,
            'tags' => $tags,
            'description' => "A \"" . NOUNS[$k % 10] . "\" you'll love & keep, model #$seed.",
        ];
    }
    return [
        'shop' => (object) ['name' => 'the corner store', 'currency' => '$'],
        'user' => ['logged_in' => $req % 2 === 0, 'name' => 'User <' . $req % 97 . '>'],
        'page' => [
            'title' => 'Catalogue',
            'category' => 'Home & GARDEN',
            'number' => $req % 10 + 1,
            'all_tags' => array_keys($allTags),
        ],
        'products' => $products,
    ];
}

$n = (int) ($argv[1] ?? 1500);
$start = hrtime(true);
$engine = new Engine();
$render = $engine->compile(TEMPLATE);
$sum = 0;
for ($i = 0; $i < $n; $i++) {
    $html = $render(make_context($i));
    $sum = ($sum + crc32($html)) % 4294967296;
}
$elapsed = hrtime(true) - $start;
echo $elapsed, ' ', $sum, "\n";
