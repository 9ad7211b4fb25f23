<?php
/*
 * A headless Chromium driven over the DevTools protocol (a WebSocket), with
 * nothing but PHP's streams: open a page, click, type, read the DOM, and
 * collect what the console said (errors, exceptions).
 */
const CHROMIUM = '/usr/bin/chromium';

function cdp_skip(): void
{
    if (!is_executable(CHROMIUM)) {
        die('skip Debian\'s chromium is not installed');
    }
}

final class Cdp
{
    private $proc;
    private $socket;
    private string $profileDir;
    private int $id = 0;
    /** what the page said: console errors, uncaught exceptions, failed loads */
    public array $errors = [];
    /** events not yet waited for */
    private array $events = [];
    /** the text typed into the next prompt() (null: it is dismissed) */
    public ?string $promptText = null;

    public function __construct()
    {
        $this->profileDir = sys_get_temp_dir() . '/bench-cdp-' . getmypid() . '-' . bin2hex(random_bytes(4));
        mkdir($this->profileDir);
        // Without the network flags Chromium waits on the closed network at its start.
        $command = [CHROMIUM, '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
            '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-extensions', '--disable-crash-reporter',
            '--remote-debugging-port=0', '--user-data-dir=' . $this->profileDir, '--window-size=1300,900', 'about:blank'];
        $this->proc = proc_open($command, [0 => ['file', '/dev/null', 'r'], 1 => ['file', '/dev/null', 'w'], 2 => ['file', '/dev/null', 'w']], $pipes);
        try {
            $port = $this->port();
            $targets = json_decode($this->get($port, '/json/list'), true);
            $page = array_values(array_filter($targets, fn($t) => $t['type'] === 'page'))[0];
            $this->connect($port, parse_url($page['webSocketDebuggerUrl'], PHP_URL_PATH));
            foreach (['Page.enable', 'Runtime.enable', 'Log.enable'] as $method) {
                $this->call($method);
            }
        } catch (Throwable $e) {
            // No destructor runs for an object whose constructor threw: Chromium is stopped here.
            $this->close();
            throw $e;
        }
    }

    /** The port Chromium chose, from the file it writes once it listens. */
    private function port(): int
    {
        $file = $this->profileDir . '/DevToolsActivePort';
        // The file may be there before its first line is.
        for ($i = 0; $i < 300 && !(int) @file($file)[0]; $i++) {
            usleep(100000);
        }
        $port = (int) @file($file)[0];
        if (!$port) {
            throw new RuntimeException('chromium did not start its DevTools server');
        }
        return $port;
    }

    /**
     * An HTTP GET's body. Chromium keeps the connection open after its answer
     * (PHP's http:// wrapper would wait for its end): the body is read as long
     * as Content-Length says.
     */
    private function get(int $port, string $path): string
    {
        $socket = stream_socket_client("tcp://127.0.0.1:$port", $errno, $error, 10);
        stream_set_timeout($socket, 30);
        fwrite($socket, "GET $path HTTP/1.1\r\nHost: 127.0.0.1:$port\r\n\r\n");
        $length = 0;
        while (($line = fgets($socket)) !== false && trim($line) !== '') {
            if (preg_match('/^content-length:\s*(\d+)/i', $line, $m)) {
                $length = (int) $m[1];
            }
        }
        $body = '';
        while (strlen($body) < $length && ($chunk = fread($socket, $length - strlen($body))) !== false && $chunk !== '') {
            $body .= $chunk;
        }
        fclose($socket);
        return $body;
    }

    private function connect(int $port, string $path): void
    {
        $this->socket = stream_socket_client("tcp://127.0.0.1:$port", $errno, $error, 10);
        stream_set_timeout($this->socket, 60);
        $key = base64_encode(random_bytes(16));
        fwrite($this->socket, "GET $path HTTP/1.1\r\nHost: 127.0.0.1:$port\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            . "Sec-WebSocket-Key: $key\r\nSec-WebSocket-Version: 13\r\n\r\n");
        $response = '';
        while (!str_contains($response, "\r\n\r\n")) {
            $line = fgets($this->socket);
            if ($line === false) {
                throw new RuntimeException('no WebSocket handshake from chromium');
            }
            $response .= $line;
        }
        if (!str_starts_with($response, 'HTTP/1.1 101')) {
            throw new RuntimeException("WebSocket refused: $response");
        }
    }

    private function send(string $text): void
    {
        $len = strlen($text);
        $header = "\x81" . ($len < 126 ? chr(0x80 | $len) : ($len < 65536 ? chr(0x80 | 126) . pack('n', $len) : chr(0x80 | 127) . pack('J', $len)));
        $mask = random_bytes(4);
        fwrite($this->socket, $header . $mask . ($text ^ str_repeat($mask, intdiv($len, 4) + 1)));
    }

    private function read(int $n): string
    {
        $data = '';
        while (strlen($data) < $n) {
            $chunk = fread($this->socket, $n - strlen($data));
            if ($chunk === false || $chunk === '') {
                throw new RuntimeException('chromium closed the connection or did not answer in time');
            }
            $data .= $chunk;
        }
        return $data;
    }

    /** One message (frames joined until the last). */
    private function receive(): array
    {
        $message = '';
        do {
            [$b0, $b1] = array_values(unpack('C2', $this->read(2)));
            $len = $b1 & 0x7f;
            if ($len === 126) {
                $len = unpack('n', $this->read(2))[1];
            } elseif ($len === 127) {
                $len = unpack('J', $this->read(8))[1];
            }
            $message .= $this->read($len);
        } while (!($b0 & 0x80));
        return json_decode($message, true);
    }

    /** Notes what the page says, and answers its prompts; returns whether the message was an event. */
    private function note(array $m): void
    {
        $method = $m['method'] ?? '';
        if ($method === 'Runtime.exceptionThrown') {
            $this->errors[] = 'exception: ' . ($m['params']['exceptionDetails']['exception']['description'] ?? $m['params']['exceptionDetails']['text']);
        } elseif ($method === 'Runtime.consoleAPICalled' && in_array($m['params']['type'], ['error', 'assert'], true)) {
            $this->errors[] = 'console.' . $m['params']['type'] . ': ' . json_encode(array_column($m['params']['args'], 'value'));
        } elseif ($method === 'Log.entryAdded' && $m['params']['entry']['level'] === 'error') {
            $this->errors[] = 'log: ' . $m['params']['entry']['text'];
        } elseif ($method === 'Page.javascriptDialogOpening') {
            $this->send(json_encode(['id' => ++$this->id, 'method' => 'Page.handleJavaScriptDialog',
                'params' => ['accept' => $this->promptText !== null, 'promptText' => (string) $this->promptText]]));
        }
        $this->events[] = $m;
    }

    /** Calls a DevTools method and returns its result. */
    public function call(string $method, array $params = []): array
    {
        $id = ++$this->id;
        $this->send(json_encode(['id' => $id, 'method' => $method, 'params' => (object) $params]));
        while (true) {
            $m = $this->receive();
            if (($m['id'] ?? null) === $id) {
                if (isset($m['error'])) {
                    throw new RuntimeException("$method: " . $m['error']['message']);
                }
                return $m['result'];
            }
            if (isset($m['method'])) {
                $this->note($m);
            }
        }
    }

    /** Waits for an event (seen before or to come). */
    public function wait(string $method): array
    {
        while (true) {
            foreach ($this->events as $i => $e) {
                if ($e['method'] === $method) {
                    unset($this->events[$i]);
                    return $e;
                }
            }
            $m = $this->receive();
            if (isset($m['method'])) {
                $this->note($m);
            }
        }
    }

    /** Opens a URL and waits for its load event; returns the milliseconds from navigation to a painted frame after it. */
    public function open(string $url): float
    {
        $this->events = [];
        $start = microtime(true);
        $this->call('Page.navigate', ['url' => $url]);
        $this->wait('Page.loadEventFired');
        $this->evaluate('new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))');
        return (microtime(true) - $start) * 1000;
    }

    /** The value of a JavaScript expression (a promise is awaited). */
    public function evaluate(string $expression): mixed
    {
        $r = $this->call('Runtime.evaluate', ['expression' => $expression, 'returnByValue' => true, 'awaitPromise' => true]);
        if (isset($r['exceptionDetails'])) {
            throw new RuntimeException('evaluate: ' . ($r['exceptionDetails']['exception']['description'] ?? $r['exceptionDetails']['text']));
        }
        return $r['result']['value'] ?? null;
    }

    /** Gives the page a window of this size in CSS pixels, as a desktop browser's. */
    public function viewport(int $width, int $height): void
    {
        $this->call('Emulation.setDeviceMetricsOverride', ['width' => $width, 'height' => $height, 'deviceScaleFactor' => 1, 'mobile' => false]);
    }

    /** Saves what the window shows as a PNG file. */
    public function screenshot(string $file): void
    {
        file_put_contents($file, base64_decode($this->call('Page.captureScreenshot', ['format' => 'png'])['data']));
    }

    /** Clicks the middle of the first element that a CSS selector finds, as a mouse would. */
    public function click(string $selector): void
    {
        // Scrolled into view, then two frames later (when the scroll is drawn, which is where the click lands) its middle.
        $box = $this->evaluate(sprintf('(() => { const e = document.querySelector(%s); e.scrollIntoView({block: "center"});'
            . ' return new Promise(ok => requestAnimationFrame(() => requestAnimationFrame(() => {'
            . ' const r = e.getBoundingClientRect(); ok([r.x + r.width / 2, r.y + r.height / 2]); }))); })()', json_encode($selector)));
        foreach (['mousePressed', 'mouseReleased'] as $type) {
            $this->call('Input.dispatchMouseEvent', ['type' => $type, 'x' => $box[0], 'y' => $box[1], 'button' => 'left', 'clickCount' => 1]);
        }
    }

    /** Types text into the element a selector finds, as a keyboard would. */
    public function type(string $selector, string $text): void
    {
        $this->evaluate(sprintf('document.querySelector(%s).focus()', json_encode($selector)));
        $this->call('Input.insertText', ['text' => $text]);
    }

    /** Presses a key: a character ("/"), or a named one ("Escape"), which types no text. */
    public function key(string $key): void
    {
        foreach (['keyDown', 'keyUp'] as $type) {
            $this->call('Input.dispatchKeyEvent', ['type' => $type, 'key' => $key]
                + ($type === 'keyDown' && strlen($key) === 1 ? ['text' => $key] : []));
        }
    }

    /** Stops Chromium (the process this object started) and removes its profile directory. */
    private function close(): void
    {
        if ($this->socket) {
            fclose($this->socket);
            $this->socket = null;
        }
        if ($this->proc) {
            proc_terminate($this->proc);
            proc_close($this->proc);
            $this->proc = null;
        }
        // Chromium's helper processes outlive the browser for a moment and may still write there: tried again for up to 2 s.
        for ($try = 0; $try < 20 && is_dir($this->profileDir); $try++) {
            exec('rm -rf ' . escapeshellarg($this->profileDir) . ' 2>/dev/null');
            clearstatcache();
            if (is_dir($this->profileDir)) {
                usleep(100_000);
            }
        }
    }

    public function __destruct()
    {
        $this->close();
    }
}
