import net from 'node:net';
import { afterEach } from 'vitest';

const proxies: TcpProxy[] = [];
afterEach(async () => {
  while (proxies.length) await proxies.pop()!.cut();
});

/**
 * A TCP relay in front of a real server (PostgreSQL in the outage tests). `cut()` is the server
 * going away as the app sees it: every open connection reset, new ones refused. `hang()` is a
 * server (or network) that stops answering without closing anything: bytes are taken and never
 * passed on, new connections accepted and left waiting. `restore()` brings it back on the same
 * port (after a hang, `cut()` first). Other tests sharing the real server are not disturbed.
 */
export class TcpProxy {
  private server: net.Server | undefined;
  private readonly sockets = new Set<net.Socket>();
  private hung = false;
  private readonly pairs = new Set<[net.Socket, net.Socket]>();
  private constructor(
    private readonly target: { host: string; port: number },
    public port: number,
  ) {}

  static async start(target: { host: string; port: number }): Promise<TcpProxy> {
    const proxy = new TcpProxy(target, 0);
    proxies.push(proxy);
    await proxy.restore();
    return proxy;
  }

  async restore(): Promise<void> {
    this.hung = false;
    const server = net.createServer((client) => {
      if (this.hung) {
        this.sockets.add(client);
        client.on('close', () => this.sockets.delete(client));
        client.on('error', () => {});
        return;
      }
      const upstream = net.connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
      this.pairs.add([client, upstream]);
      client.on('close', () => this.pairs.forEach((pair) => pair[0] === client && this.pairs.delete(pair)));
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  /** Stops passing bytes on, in either direction, on open connections and new ones alike. */
  hang(): void {
    this.hung = true;
    for (const [client, upstream] of this.pairs) {
      client.unpipe(upstream);
      upstream.unpipe(client);
      // Read and dropped, so that the sender never sees back-pressure either: it just waits.
      client.on('data', () => {});
      upstream.on('data', () => {});
    }
  }

  async cut(): Promise<void> {
    this.pairs.clear();
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.resetAndDestroy();
    this.sockets.clear();
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
