import net from 'node:net';

/** A TCP port on the loopback interface that nothing listens on right now (shared by the benchmarks). */
export async function freePort() {
  const server = net.createServer();
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address();
  await new Promise((r) => server.close(r));
  return port;
}
