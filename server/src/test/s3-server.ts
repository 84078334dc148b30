import crypto from 'node:crypto';
import S3rver from 's3rver';
import type { S3Settings } from '../config';

export type TestS3 = {
  settings: S3Settings;
  /** The S3_* variables that point the app at this server's bucket. */
  env: Record<string, string>;
  /** Stops the server (an outage); the bucket's objects stay in its folder. */
  stop(): Promise<void>;
  /** Starts it again on the same port, with the same objects. */
  start(): Promise<void>;
};

/**
 * A real S3 protocol server (s3rver: the S3 REST API over HTTP, its objects in `directory`) on a
 * free loopback port, with one empty bucket. The app and the tests talk to it with the real AWS
 * SDK, signatures and all. helper.ts's `testS3` stops it after the test.
 */
export async function startS3Server(directory: string): Promise<TestS3> {
  const bucket = `test-${crypto.randomBytes(6).toString('hex')}`;
  let port = 0;
  let server: S3rver | undefined;
  const start = async () => {
    server = new S3rver({ port, address: '127.0.0.1', directory, silent: true, configureBuckets: [{ name: bucket }] });
    port = (await server.run()).port;
  };
  const stop = async () => {
    const running = server;
    server = undefined;
    if (!running) return;
    // Keep-alive connections of the SDK would hold close() open.
    const closed = running.close();
    running.httpServer.closeAllConnections();
    await closed;
  };
  await start();
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  const settings: S3Settings = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    credentials,
    forcePathStyle: true,
  };
  return {
    settings,
    env: {
      S3_ENDPOINT: settings.endpoint!,
      S3_REGION: settings.region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    stop,
    start,
  };
}
