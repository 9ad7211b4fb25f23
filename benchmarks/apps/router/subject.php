<?php
/*
 * Reference app 1: a micro router with one "hello" route among the usual
 * twenty. One call is one request: a new router, its routes, dispatch, output.
 */
require_once __DIR__ . '/../http.php';

use BenchApps\Http\{Request, Response, Router};

function bench_router_app(Request $request): Response
{
    $router = new Router();
    foreach (['users', 'orders', 'products', 'invoices', 'carts', 'reviews', 'tags', 'pages', 'files'] as $resource) {
        $router->add('GET', "/$resource", fn() => new Response("list of $resource"));
        $router->add('GET', "/$resource/{id}", fn(array $p) => new Response("$resource {$p['id']}"));
    }
    $router->add('GET', '/hello/{name}', fn(array $p) => new Response('Hello, ' . htmlspecialchars($p['name']) . '!'));
    $router->add('GET', '/', fn() => new Response('home'));

    $match = $router->match($request);
    if ($match === null) {
        return new Response('not found', 404);
    }
    [$handler, $params] = $match;
    return $handler($params);
}

return [
    'app.router.hello' => [
        'k' => 1000,
        'run' => fn(): string => BenchApps\Http\serve('bench_router_app', new Request('GET', '/hello/world')),
        'expect' => '200 Hello, world!',
    ],
];
