<?php
// Real code: a markdown-like parser (line-based blocks, character-scanning inlines,
// a node tree rendered to HTML) run N times over a 200-line document made from a
// fixed seed. Prints its own run time in ns (startup excluded) and a checksum.

abstract class Node
{
    /** @param Node[] $children */
    public function __construct(protected array $children = []) {}

    abstract public function render(): string;

    protected function renderChildren(): string
    {
        $out = '';
        foreach ($this->children as $child) {
            $out .= $child->render();
        }
        return $out;
    }
}

final class Document extends Node
{
    public function render(): string
    {
        return $this->renderChildren();
    }
}

/** An element whose HTML is its children wrapped in one tag ($attrs already escaped). */
final class Element extends Node
{
    public function __construct(
        private string $tag,
        array $children,
        private string $attrs = '',
        private string $suffix = '',
    ) {
        parent::__construct($children);
    }

    public function render(): string
    {
        return "<{$this->tag}{$this->attrs}>" . $this->renderChildren() . "</{$this->tag}>" . $this->suffix;
    }
}

final class Text extends Node
{
    public function __construct(private string $text) {}

    public function render(): string
    {
        return htmlspecialchars($this->text, ENT_QUOTES);
    }
}

/** Scans one line of text character by character into inline nodes. */
final class InlineParser
{
    private string $src = '';
    private int $pos = 0;
    private int $len = 0;

    /** @return Node[] */
    public function parse(string $text): array
    {
        [$this->src, $this->pos, $this->len] = [$text, 0, strlen($text)];
        return $this->parseUntil(null);
    }

    /** @return Node[] */
    private function parseUntil(?string $closer): array
    {
        $nodes = [];
        $text = '';
        while ($this->pos < $this->len) {
            if ($closer !== null && $this->lookingAt($closer)) {
                $this->pos += strlen($closer);
                break;
            }
            $node = $this->parseSpecial();
            if ($node === null) {
                $text .= $this->src[$this->pos++];
                continue;
            }
            if ($text !== '') {
                $nodes[] = new Text($text);
                $text = '';
            }
            $nodes[] = $node;
        }
        if ($text !== '') {
            $nodes[] = new Text($text);
        }
        return $nodes;
    }

    private function parseSpecial(): ?Node
    {
        $char = $this->src[$this->pos];
        if ($char === '`') {
            $end = strpos($this->src, '`', $this->pos + 1);
            if ($end === false) {
                return null;
            }
            $code = substr($this->src, $this->pos + 1, $end - $this->pos - 1);
            $this->pos = $end + 1;
            return new Element('code', [new Text($code)]);
        }
        if ($char === '*') {
            $marker = $this->lookingAt('**') ? '**' : '*';
            $close = strpos($this->src, $marker, $this->pos + strlen($marker));
            if ($close === false || $close === $this->pos + strlen($marker)) {
                return null; // no closer, or an empty span: a literal star
            }
            $this->pos += strlen($marker);
            return new Element($marker === '**' ? 'strong' : 'em', $this->parseUntil($marker));
        }
        if ($char === '[') {
            $mid = strpos($this->src, '](', $this->pos);
            $end = $mid === false ? false : strpos($this->src, ')', $mid);
            if ($end === false) {
                return null;
            }
            $this->pos++;
            $label = $this->parseUntil('](');
            $url = substr($this->src, $this->pos, $end - $this->pos);
            $this->pos = $end + 1;
            return new Element('a', $label, ' href="' . htmlspecialchars($url, ENT_QUOTES) . '"');
        }
        return null;
    }

    private function lookingAt(string $s): bool
    {
        return substr_compare($this->src, $s, $this->pos, strlen($s)) === 0;
    }
}

/** Splits the document into lines and groups them into block nodes. */
final class BlockParser
{
    public function __construct(private InlineParser $inline) {}

    /** @return Node[] */
    public function parse(string $source): array
    {
        $lines = explode("\n", $source);
        $lines[] = ''; // a blank line at the end closes the last paragraph or list
        $blocks = [];
        $paragraph = [];
        $items = [];
        for ($i = 0, $count = count($lines); $i < $count; $i++) {
            $line = rtrim($lines[$i]);
            $isItem = str_starts_with($line, '- ') || str_starts_with($line, '* ');
            $level = strspn($line, '#');
            $isHeading = $level >= 1 && $level <= 6 && ($line[$level] ?? '') === ' ';
            if ($paragraph && ($line === '' || $isItem || $isHeading || str_starts_with($line, '```'))) {
                $blocks[] = new Element('p', $this->inline->parse(implode(' ', $paragraph)), '', "\n");
                $paragraph = [];
            }
            if ($items && !$isItem) {
                $blocks[] = new Element('ul', $items, '', "\n");
                $items = [];
            }
            if ($line === '') {
                continue;
            } elseif (str_starts_with($line, '```')) {
                $code = [];
                while (++$i < $count && !str_starts_with($lines[$i], '```')) {
                    $code[] = $lines[$i];
                }
                $lang = trim(substr($line, 3));
                $class = $lang === '' ? '' : ' class="language-' . htmlspecialchars($lang, ENT_QUOTES) . '"';
                $codeNode = new Element('code', [new Text(implode("\n", $code))], $class);
                $blocks[] = new Element('pre', [$codeNode], '', "\n");
            } elseif ($isHeading) {
                $blocks[] = new Element("h$level", $this->inline->parse(substr($line, $level + 1)), '', "\n");
            } elseif ($isItem) {
                $items[] = new Element('li', $this->inline->parse(substr($line, 2)));
            } else {
                $paragraph[] = $line;
            }
        }
        return $blocks;
    }
}

final class Parser
{
    private BlockParser $blocks;

    public function __construct()
    {
        $this->blocks = new BlockParser(new InlineParser());
    }

    public function toHtml(string $markdown): string
    {
        return (new Document($this->blocks->parse($markdown)))->render();
    }
}

/** A ~200-line document with every construct, the same for a given seed. */
function make_document(int $seed): string
{
    mt_srand($seed);
    $words = ['parser', 'node', 'render', 'token', 'line', 'block', 'inline', 'list', 'code', 'link',
        'fast', 'simple', 'tree', 'html', 'escape', 'a<b', 'x&y', 'text', 'output', 'profile'];
    $phrase = function (int $min, int $max) use ($words): string {
        $out = [];
        for ($i = 0, $n = mt_rand($min, $max); $i < $n; $i++) {
            $w = $words[mt_rand(0, count($words) - 1)];
            $out[] = match (mt_rand(0, 11)) {
                0 => "*$w*",
                1 => "**$w {$words[mt_rand(0, 9)]}**",
                2 => "`$w()`",
                3 => "[$w](https://example.com/$w?q=" . mt_rand(1, 99) . ')',
                4 => "**bold with *$w* inside**",
                default => $w,
            };
        }
        return implode(' ', $out);
    };
    $lines = ['# Generated document', ''];
    while (count($lines) < 200) {
        $lines[] = str_repeat('#', mt_rand(2, 3)) . ' ' . ucfirst($phrase(2, 4));
        $lines[] = '';
        for ($p = mt_rand(1, 2); $p > 0; $p--) {
            for ($l = mt_rand(2, 4); $l > 0; $l--) {
                $lines[] = ucfirst($phrase(6, 12)) . '.';
            }
            $lines[] = '';
        }
        if (mt_rand(0, 1)) {
            for ($l = mt_rand(3, 5); $l > 0; $l--) {
                $lines[] = (mt_rand(0, 1) ? '- ' : '* ') . $phrase(2, 6);
            }
            $lines[] = '';
        }
        if (mt_rand(0, 2) === 0) {
            $lines[] = '```php';
            for ($l = mt_rand(2, 5); $l > 0; $l--) {
                $lines[] = '    $x = render("<' . $words[mt_rand(0, 19)] . '>") * ' . mt_rand(1, 9) . ';';
            }
            $lines[] = '```';
            $lines[] = '';
        }
    }
    return implode("\n", $lines);
}

$n = (int) ($argv[1] ?? 400);
$document = make_document(42);
$start = hrtime(true);
$parser = new Parser();
$sum = 0;
for ($i = 0; $i < $n; $i++) {
    $html = $parser->toHtml($document);
    $sum = ($sum + crc32($html)) % 4294967296;
}
$elapsed = hrtime(true) - $start;
echo $elapsed, ' ', $sum, "\n";
