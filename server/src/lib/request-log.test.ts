import { describe, expect, it } from 'vitest';
import { api, databaseKinds, startTestApp } from '../test/helper';

const requestLines = (lines: Record<string, any>[]) => lines.filter((l) => l['msg'] === 'request completed');

describe.each(databaseKinds)('request log on %s', (kind) => {
  it('logs one line per request at info: method, route pattern, status, duration, request id', async () => {
    const { url, log } = await startTestApp(kind);
    const res = await api(url, 'GET', '/api/v1/Project/12345?Language=2');
    expect(res.status).toBe(404);
    const lines = requestLines(log.lines()).filter((l) => l['reqId'] === res.headers.get('x-request-id'));
    expect(lines).toEqual([
      {
        level: 30,
        time: expect.any(Number),
        pid: expect.any(Number),
        hostname: expect.any(String),
        reqId: res.headers.get('x-request-id'),
        method: 'GET',
        route: '/api/v1/Project/:id',
        statusCode: 404,
        durationMs: expect.any(Number),
        msg: 'request completed',
      },
    ]);
    expect(lines[0]!['durationMs']).toBeGreaterThanOrEqual(0);
    // The address is not logged, only its pattern; Fastify's own two lines are gone.
    expect(log.text()).not.toContain('12345');
    expect(log.lines().filter((l) => l['msg'] === 'incoming request' || (l['msg'] === 'request completed' && l['res']))).toEqual(
      [],
    );

    const unknown = await api(url, 'GET', '/api/v1/Nothing/here');
    expect(requestLines(log.lines()).find((l) => l['reqId'] === unknown.headers.get('x-request-id'))).toMatchObject({
      route: null,
      statusCode: 404,
    });
  });

  it('logs probes and scrapes at debug only', async () => {
    const { url, log } = await startTestApp(kind, { METRICS_TOKEN: 'm'.repeat(32) });
    expect((await api(url, 'GET', '/healthz')).status).toBe(200);
    await api(url, 'GET', '/readyz');
    expect((await api(url, 'GET', '/metrics', { token: 'm'.repeat(32) })).status).toBe(200);
    expect(requestLines(log.lines())).toEqual([]);

    const debug = await startTestApp(kind, { LOG_LEVEL: 'debug' });
    await api(debug.url, 'GET', '/healthz');
    expect(requestLines(debug.log.lines())).toEqual([expect.objectContaining({ level: 20, route: '/healthz', statusCode: 200 })]);
  });
});
