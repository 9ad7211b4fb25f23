<?php
// Real framework code, from Debian's packages (php-symfony-http-kernel,
// -routing, -event-dispatcher, -dependency-injection): a request loop through
// Symfony's HTTP kernel. Each request is matched by the router (40 routes),
// passes the kernel's events (request, controller, arguments, response,
// finish request) to listeners, and runs a controller taken from a compiled
// DI container that renders a small page. Prints its own run time in ns
// (startup and the container's compilation excluded) and a checksum.
$components = '/usr/share/php/Symfony/Component';
foreach (['HttpKernel', 'Routing', 'EventDispatcher', 'DependencyInjection'] as $component) {
    if (!is_file("$components/$component/autoload.php")) {
        fwrite(STDERR, "framework workload: apt-get install php-symfony-http-kernel php-symfony-routing php-symfony-event-dispatcher php-symfony-dependency-injection\n");
        exit(1);
    }
    require_once "$components/$component/autoload.php";
}

use Symfony\Component\DependencyInjection\ContainerBuilder;
use Symfony\Component\DependencyInjection\Reference;
use Symfony\Component\EventDispatcher\EventDispatcher;
use Symfony\Component\HttpFoundation\Request;
use Symfony\Component\HttpFoundation\RequestStack;
use Symfony\Component\HttpFoundation\Response;
use Symfony\Component\HttpKernel\Controller\ArgumentResolver;
use Symfony\Component\HttpKernel\Controller\ControllerResolver;
use Symfony\Component\HttpKernel\Event\ResponseEvent;
use Symfony\Component\HttpKernel\EventListener\RouterListener;
use Symfony\Component\HttpKernel\HttpKernel;
use Symfony\Component\HttpKernel\KernelEvents;
use Symfony\Component\Routing\Matcher\UrlMatcher;
use Symfony\Component\Routing\RequestContext;
use Symfony\Component\Routing\Route;
use Symfony\Component\Routing\RouteCollection;

final class Catalog
{
    /** @var array<int, array{name: string, price: float}> */
    private array $items = [];

    public function __construct(int $count)
    {
        for ($i = 1; $i <= $count; $i++) {
            $this->items[$i] = ['name' => "Item $i", 'price' => $i * 1.25];
        }
    }

    public function find(int $id): ?array
    {
        return $this->items[$id] ?? null;
    }

    /** @return array<int, array{name: string, price: float}> */
    public function page(int $page, int $size): array
    {
        return array_slice($this->items, ($page - 1) * $size, $size, true);
    }
}

final class Renderer
{
    public function render(string $title, array $rows): string
    {
        $html = '<h1>' . htmlspecialchars($title) . "</h1>\n<ul>\n";
        foreach ($rows as $id => $row) {
            $html .= sprintf("<li id=\"%d\">%s: %.2f</li>\n", $id, htmlspecialchars($row['name']), $row['price']);
        }
        return $html . "</ul>\n";
    }
}

final class ShopController
{
    public function __construct(private Catalog $catalog, private Renderer $renderer) {}

    public function list(int $page): Response
    {
        return new Response($this->renderer->render("Page $page", $this->catalog->page($page, 10)));
    }

    public function show(int $id): Response
    {
        $item = $this->catalog->find($id);
        if ($item === null) {
            return new Response('not found', 404);
        }
        return new Response($this->renderer->render($item['name'], [$id => $item]));
    }
}

$container = new ContainerBuilder();
$container->register('catalog', Catalog::class)->setArguments([200])->setPublic(true);
$container->register('renderer', Renderer::class)->setPublic(true);
$container->register('shop', ShopController::class)
    ->setArguments([new Reference('catalog'), new Reference('renderer')])->setPublic(true);
$container->compile();

$routes = new RouteCollection();
for ($i = 0; $i < 19; $i++) {
    $routes->add("other_$i", new Route("/other/$i/{slug}", ['_controller' => fn() => new Response('other')]));
}
$routes->add('list', new Route('/shop/page/{page}', ['_controller' => fn(int $page) => $container->get('shop')->list($page)], ['page' => '\d+']));
for ($i = 0; $i < 20; $i++) {
    $routes->add("more_$i", new Route("/more/$i/{id}", ['_controller' => fn() => new Response('more')]));
}
$routes->add('show', new Route('/shop/item/{id}', ['_controller' => fn(int $id) => $container->get('shop')->show($id)], ['id' => '\d+']));

$requestStack = new RequestStack();
$dispatcher = new EventDispatcher();
$dispatcher->addSubscriber(new RouterListener(new UrlMatcher($routes, new RequestContext()), $requestStack));
$dispatcher->addListener(KernelEvents::RESPONSE, function (ResponseEvent $event) {
    $event->getResponse()->headers->set('X-Length', (string) strlen($event->getResponse()->getContent()));
});
$kernel = new HttpKernel($dispatcher, new ControllerResolver(), $requestStack, new ArgumentResolver());

$n = (int) ($argv[1] ?? 300);
$start = hrtime(true);
$sum = 0;
for ($i = 0; $i < $n; $i++) {
    $path = $i % 2 ? '/shop/page/' . ($i % 20 + 1) : '/shop/item/' . ($i % 250 + 1);
    $request = Request::create($path);
    $response = $kernel->handle($request);
    $kernel->terminate($request, $response);
    $sum += strlen($response->getContent()) + $response->getStatusCode() + (int) $response->headers->get('X-Length');
}
$elapsed = hrtime(true) - $start;
echo $elapsed, ' ', $sum, "\n";
