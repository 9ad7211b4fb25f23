<?php
/*
 * Reference app 4: a REST API over PDO SQLite (in memory, seeded once per
 * process like a warm database): list, show, and create in a transaction.
 * One call is one request: a new app on the shared connection, handle,
 * output. The create subject deletes its row afterwards, so every request
 * sees the same database.
 */
namespace BenchApps\Rest;

require_once __DIR__ . '/../http.php';

use BenchApps\Http\{Request, Response, Router};
use PDO;

function connection(): PDO
{
    static $pdo = null;
    if ($pdo === null) {
        $pdo = new PDO('sqlite::memory:', null, null, [PDO::ATTR_ERRMODE => PDO::ERRMODE_EXCEPTION,
            PDO::ATTR_DEFAULT_FETCH_MODE => PDO::FETCH_ASSOC, PDO::ATTR_STRINGIFY_FETCHES => false]);
        // INTEGER PRIMARY KEY without AUTOINCREMENT: a deleted last id is given again.
        $pdo->exec('CREATE TABLE users (id INTEGER PRIMARY KEY, name TEXT NOT NULL, email TEXT NOT NULL UNIQUE, created TEXT NOT NULL)');
        $insert = $pdo->prepare('INSERT INTO users (name, email, created) VALUES (?, ?, ?)');
        for ($i = 1; $i <= 50; $i++) {
            $insert->execute(["user$i", "user$i@example.org", '2026-01-01']);
        }
    }
    return $pdo;
}

final class UserRepository
{
    public function __construct(private PDO $pdo) {}

    public function page(int $limit, int $offset): array
    {
        $stmt = $this->pdo->prepare('SELECT id, name, email FROM users ORDER BY id LIMIT ? OFFSET ?');
        $stmt->execute([$limit, $offset]);
        return $stmt->fetchAll();
    }

    public function find(int $id): ?array
    {
        $stmt = $this->pdo->prepare('SELECT id, name, email, created FROM users WHERE id = ?');
        $stmt->execute([$id]);
        return $stmt->fetch() ?: null;
    }

    public function create(string $name, string $email): int
    {
        $this->pdo->beginTransaction();
        try {
            $stmt = $this->pdo->prepare('INSERT INTO users (name, email, created) VALUES (?, ?, ?)');
            $stmt->execute([$name, $email, '2026-11-30']);
            $id = (int) $this->pdo->lastInsertId();
            $this->pdo->commit();
            return $id;
        } catch (\Throwable $e) {
            $this->pdo->rollBack();
            throw $e;
        }
    }

    public function delete(int $id): void
    {
        $this->pdo->prepare('DELETE FROM users WHERE id = ?')->execute([$id]);
    }
}

final class Api
{
    private Router $router;

    public function __construct(private UserRepository $users)
    {
        $this->router = new Router();
        $this->router->add('GET', '/users', fn(Request $r) => $this->list($r));
        $this->router->add('GET', '/users/{id}', fn(Request $r, array $p) => $this->show((int) $p['id']));
        $this->router->add('POST', '/users', fn(Request $r) => $this->create($r));
    }

    public function handle(Request $request): Response
    {
        $match = $this->router->match($request);
        if ($match === null) {
            return Response::json(['error' => 'no route'], 404);
        }
        [$handler, $params] = $match;
        return $handler($request, $params);
    }

    private function list(Request $request): Response
    {
        $limit = min(50, max(1, (int) ($request->query['limit'] ?? 10)));
        return Response::json(['data' => $this->users->page($limit, 0), 'limit' => $limit]);
    }

    private function show(int $id): Response
    {
        $user = $this->users->find($id);
        return $user === null ? Response::json(['error' => 'not found'], 404) : Response::json(['data' => $user]);
    }

    private function create(Request $request): Response
    {
        $input = $request->json();
        if (!isset($input['name'], $input['email']) || !filter_var($input['email'], FILTER_VALIDATE_EMAIL)) {
            return Response::json(['error' => 'name and a valid email are required'], 422);
        }
        $id = $this->users->create($input['name'], $input['email']);
        return Response::json(['data' => $this->users->find($id)], 201);
    }
}

function app(Request $request): Response
{
    return (new Api(new UserRepository(connection())))->handle($request);
}

function expected_list(int $limit): string
{
    $rows = [];
    for ($i = 1; $i <= $limit; $i++) {
        $rows[] = sprintf('{"id":%d,"name":"user%d","email":"user%d@example.org"}', $i, $i, $i);
    }
    return '200 {"data":[' . implode(',', $rows) . '],"limit":' . $limit . '}';
}

return [
    'app.rest.list' => [
        'k' => 500,
        'extensions' => ['pdo', 'pdo_sqlite'],
        'run' => fn(): string => \BenchApps\Http\serve('BenchApps\Rest\app', new Request('GET', '/users', ['limit' => '20'])),
        'expect' => expected_list(20),
    ],
    'app.rest.show' => [
        'k' => 1000,
        'extensions' => ['pdo', 'pdo_sqlite'],
        'run' => fn(): string => \BenchApps\Http\serve('BenchApps\Rest\app', new Request('GET', '/users/7')),
        'expect' => '200 {"data":{"id":7,"name":"user7","email":"user7@example.org","created":"2026-01-01"}}',
    ],
    'app.rest.create' => [
        'k' => 500,
        'extensions' => ['pdo', 'pdo_sqlite'],
        'run' => function (): string {
            $body = \BenchApps\Http\serve('BenchApps\Rest\app',
                new Request('POST', '/users', [], '{"name":"new user","email":"new@example.org"}'));
            (new UserRepository(connection()))->delete(51);
            return $body;
        },
        'expect' => '201 {"data":{"id":51,"name":"new user","email":"new@example.org","created":"2026-11-30"}}',
    ],
];
