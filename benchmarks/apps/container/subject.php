<?php
/*
 * Reference app 2: a dependency-injection container that autowires
 * constructors by their parameter types, and an action that uses what it
 * builds. One call is one request: a new container, resolve, act, output.
 */
namespace BenchApps\Container;

require_once __DIR__ . '/../http.php';

use BenchApps\Http\{Request, Response};

final class Container
{
    /** @var array<string, object> */
    private array $instances = [];
    /** @var array<string, \Closure> */
    private array $factories = [];

    public function set(string $id, \Closure $factory): void
    {
        $this->factories[$id] = $factory;
    }

    public function get(string $id): object
    {
        return $this->instances[$id] ??= isset($this->factories[$id])
            ? ($this->factories[$id])($this)
            : $this->autowire($id);
    }

    private function autowire(string $class): object
    {
        $constructor = (new \ReflectionClass($class))->getConstructor();
        $args = [];
        foreach ($constructor?->getParameters() ?? [] as $param) {
            $type = $param->getType();
            if ($type instanceof \ReflectionNamedType && !$type->isBuiltin()) {
                $args[] = $this->get($type->getName());
            } elseif ($param->isDefaultValueAvailable()) {
                $args[] = $param->getDefaultValue();
            } else {
                throw new \LogicException("cannot autowire \${$param->getName()} of $class");
            }
        }
        return new $class(...$args);
    }
}

final class Config
{
    public function __construct(public readonly array $values) {}
}

final class Logger
{
    public array $lines = [];
    public function info(string $message, array $context = []): void
    {
        $this->lines[] = strtr($message, array_combine(array_map(fn($k) => '{' . $k . '}', array_keys($context)), $context));
    }
}

final class UserRepository
{
    private array $users;
    public function __construct(Config $config)
    {
        $this->users = [];
        for ($i = 1; $i <= $config->values['users']; $i++) {
            $this->users[$i] = ['id' => $i, 'name' => "user$i", 'email' => "user$i@example.org"];
        }
    }
    public function find(int $id): ?array { return $this->users[$id] ?? null; }
}

final class Greeter
{
    public function __construct(private Config $config) {}
    public function greet(array $user): string { return $this->config->values['greeting'] . ', ' . $user['name']; }
}

final class UserController
{
    public function __construct(private UserRepository $users, private Greeter $greeter, private Logger $logger) {}

    public function show(int $id): Response
    {
        $user = $this->users->find($id);
        if ($user === null) {
            return Response::json(['error' => 'not found'], 404);
        }
        $this->logger->info('shown user {id}', ['id' => $id]);
        return Response::json(['user' => $user, 'greeting' => $this->greeter->greet($user)]);
    }
}

function app(Request $request): Response
{
    $container = new Container();
    $container->set(Config::class, fn() => new Config(['users' => 20, 'greeting' => 'Welcome']));
    $id = (int) substr($request->path, strlen('/users/'));
    return $container->get(UserController::class)->show($id);
}

return [
    'app.container.action' => [
        'k' => 1000,
        'run' => fn(): string => \BenchApps\Http\serve('BenchApps\Container\app', new Request('GET', '/users/7')),
        'expect' => '200 {"user":{"id":7,"name":"user7","email":"user7@example.org"},"greeting":"Welcome, user7"}',
    ],
];
