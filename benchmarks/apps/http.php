<?php
/*
 * The small HTTP layer the reference apps share: a request, a response, and
 * a router that compiles "/users/{id}" patterns to regular expressions.
 * Written for this benchmark suite; no framework.
 */
namespace BenchApps\Http;

final class Request
{
    public function __construct(
        public readonly string $method,
        public readonly string $path,
        public readonly array $query = [],
        public readonly string $body = '',
        public readonly array $headers = [],
    ) {}

    public function json(): array
    {
        $data = json_decode($this->body, true, 16, JSON_THROW_ON_ERROR);
        return is_array($data) ? $data : [];
    }
}

final class Response
{
    public function __construct(
        public string $body = '',
        public int $status = 200,
        public array $headers = ['Content-Type' => 'text/html; charset=utf-8'],
    ) {}

    public static function json(mixed $data, int $status = 200): self
    {
        return new self(json_encode($data, JSON_THROW_ON_ERROR | JSON_UNESCAPED_SLASHES), $status,
            ['Content-Type' => 'application/json']);
    }

    /** Sends the body into the output buffer, as a SAPI would receive it. */
    public function send(): void
    {
        echo $this->body;
    }
}

final class Router
{
    /** @var array<string, list<array{string, string, list<string>, mixed}>> */
    private array $routes = [];

    public function add(string $method, string $pattern, mixed $handler): void
    {
        $names = [];
        $regex = preg_replace_callback('/\{(\w+)\}/', function (array $m) use (&$names): string {
            $names[] = $m[1];
            return '([^/]+)';
        }, $pattern);
        $this->routes[$method][] = [$pattern, '#^' . $regex . '$#', $names, $handler];
    }

    /** @return array{mixed, array<string, string>}|null the handler and the path parameters */
    public function match(Request $request): ?array
    {
        foreach ($this->routes[$request->method] ?? [] as [, $regex, $names, $handler]) {
            if (preg_match($regex, $request->path, $m)) {
                return [$handler, $names ? array_combine($names, array_slice($m, 1)) : []];
            }
        }
        return null;
    }
}

/** Runs one request through $handle with output buffering; returns "status body". */
function serve(callable $handle, Request $request): string
{
    ob_start();
    try {
        $response = $handle($request);
        $response->send();
    } finally {
        $body = ob_get_clean();
    }
    return $response->status . ' ' . $body;
}
