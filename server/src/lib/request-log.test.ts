import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { api, captureLog, databaseKinds, startTestApp, testAdmin } from '../test/helper';
import { RequestLogController, slowRequestMs } from './request-log';

const requestLines = (lines: Record<string, any>[]) => lines.filter((l) => l['msg'] === 'request completed');
const info = 30;
const debug = 20;

describe.each(databaseKinds)('request log on %s', (kind) => {
  it('logs one line per request: method, route pattern, status, duration, request id', async () => {
    const { url, log } = await startTestApp(kind);
    const res = await api(url, 'GET', '/api/v1/Project/12345?Language=2');
    expect(res.status).toBe(404);
    const lines = requestLines(log.lines()).filter((l) => l['reqId'] === res.headers.get('x-request-id'));
    expect(lines).toEqual([
      {
        level: info,
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
    expect(log.lines().filter((l) => l['msg'] === 'incoming request' || l['res'] !== undefined)).toEqual([]);

    const unknown = await api(url, 'GET', '/api/v1/Nothing/here');
    expect(requestLines(log.lines()).find((l) => l['reqId'] === unknown.headers.get('x-request-id'))).toMatchObject({
      level: info,
      route: null,
      statusCode: 404,
    });
    const signIn = await api(url, 'POST', '/api/v1/login/Auth', { body: testAdmin });
    expect(signIn.status).toBe(200);
    expect(requestLines(log.lines()).find((l) => l['reqId'] === signIn.headers.get('x-request-id'))).toMatchObject({
      level: info,
      method: 'POST',
      route: '/api/v1/login/Auth',
      statusCode: 200,
    });
  });

  it('logs successful reads, probes and scrapes at debug only', async () => {
    const { url, log } = await startTestApp(kind, { METRICS_TOKEN: 'm'.repeat(32) });
    expect((await api(url, 'GET', '/healthz')).status).toBe(200);
    await api(url, 'GET', '/readyz');
    expect((await api(url, 'GET', '/metrics', { token: 'm'.repeat(32) })).status).toBe(200);
    expect((await api(url, 'GET', '/api/v1/Project')).status).toBe(200);
    expect(requestLines(log.lines())).toEqual([]);

    const verbose = await startTestApp(kind, { LOG_LEVEL: 'debug' });
    await api(verbose.url, 'GET', '/healthz');
    await api(verbose.url, 'GET', '/api/v1/Category');
    expect(requestLines(verbose.log.lines())).toEqual([
      expect.objectContaining({ level: debug, method: 'GET', route: '/healthz', statusCode: 200 }),
      expect.objectContaining({ level: debug, method: 'GET', route: '/api/v1/Category', statusCode: 200 }),
    ]);
  });
});

describe('request log of a slow read', () => {
  it('logs a successful read at info when it took longer than the slow-request limit', async () => {
    const { stream, log } = captureLog();
    const app = Fastify({ logger: { level: 'info', stream }, logController: new RequestLogController() });
    app.get('/slow', async () => {
      await new Promise((resolve) => setTimeout(resolve, slowRequestMs + 50));
      return 'done';
    });
    app.get('/quick', async () => 'done');
    try {
      expect((await app.inject('/quick')).statusCode).toBe(200);
      expect((await app.inject('/slow')).statusCode).toBe(200);
    } finally {
      await app.close();
    }
    expect(requestLines(log.lines())).toEqual([
      expect.objectContaining({ level: info, method: 'GET', route: '/slow', statusCode: 200, durationMs: expect.any(Number) }),
    ]);
    expect(requestLines(log.lines())[0]!['durationMs']).toBeGreaterThanOrEqual(slowRequestMs);
  });
});
