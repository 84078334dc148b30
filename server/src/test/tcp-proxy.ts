import net from 'node:net';
import { sql } from 'kysely';
import { afterEach } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../db/database';
import { freshDatabase, testDatabaseUrl } from './helper';

const proxies: TcpProxy[] = [];
const relayedHandles: DatabaseHandle[] = [];
afterEach(async () => {
  while (relayedHandles.length) await relayedHandles.pop()!.db.destroy();
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

/**
 * A fresh PostgreSQL schema reached two ways: `direct` (for the test to look at) and `relayed`
 * (for the app), through a TcpProxy the test can cut, hang and restore.
 */
export async function relayedPostgres(
  dataDir: string,
): Promise<{ direct: DatabaseHandle; relayed: DatabaseHandle; proxy: TcpProxy }> {
  const direct = await freshDatabase('postgres', dataDir);
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(direct.db);
  const real = new URL(testDatabaseUrl!);
  const proxy = await TcpProxy.start({ host: real.hostname, port: Number(real.port || 5432) });
  const url = new URL(testDatabaseUrl!);
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  const relayed = await openDatabase({ kind: 'postgres', url: url.href, schema: rows[0]!.schema, poolSize: 4 });
  relayedHandles.push(relayed);
  return { direct, relayed, proxy };
}
