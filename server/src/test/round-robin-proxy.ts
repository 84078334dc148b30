import http from 'node:http';
import type net from 'node:net';
import { afterEach } from 'vitest';

const proxies: RoundRobinProxy[] = [];
afterEach(async () => {
  while (proxies.length) await proxies.pop()!.close();
});

/**
 * A load balancer for tests: each request goes to the next of the upstream servers in turn (per
 * request, not per connection, so that a keep-alive client still alternates), and the answer says
 * which one served it in `x-served-by` (the upstream's index). `X-Forwarded-For` is not added: the
 * instances see the proxy's address as the client's, one client for all requests.
 */
export class RoundRobinProxy {
  url = '';
  private next = 0;
  private readonly agent = new http.Agent({ keepAlive: true });
  private readonly server = http.createServer((request, response) => this.forward(request, response));

  private constructor(private readonly targets: URL[]) {}

  static async start(upstreams: string[]): Promise<RoundRobinProxy> {
    const proxy = new RoundRobinProxy(upstreams.map((u) => new URL(u)));
    proxies.push(proxy);
    await new Promise<void>((resolve) => proxy.server.listen(0, '127.0.0.1', resolve));
    proxy.url = `http://127.0.0.1:${(proxy.server.address() as net.AddressInfo).port}`;
    return proxy;
  }

  private forward(request: http.IncomingMessage, response: http.ServerResponse): void {
    const index = this.next++ % this.targets.length;
    const target = this.targets[index]!;
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: request.method,
        path: request.url,
        headers: { ...request.headers, host: target.host },
        agent: this.agent,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': String(index) });
        answer.pipe(response);
      },
    );
    upstream.on('error', () => {
      if (!response.headersSent) response.writeHead(502, { 'x-served-by': String(index) });
      response.end();
    });
    request.pipe(upstream);
  }

  async close(): Promise<void> {
    this.agent.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
