import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, parseClamdUrl } from './config';

describe('loadConfig', () => {
  it('has working defaults for npm start', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('0.0.0.0');
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedSample).toBe(true);
    expect(config.tokenTtlSeconds).toBe(8 * 3600);
    expect(config.trustProxy).toBe(false);
    expect(config.secondFactorRequired).toBe(true);
    expect(config.clamd).toBeUndefined();
    expect(config.metricsToken).toBeUndefined();
    expect(config.readyOutboxMaxAgeMs).toBe(15 * 60_000);
  });

  it('logs readable lines at a terminal and JSON elsewhere, unless LOG_FORMAT says', () => {
    expect(loadConfig({}, true).logFormat).toBe('pretty');
    expect(loadConfig({}, false).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'json' }, true).logFormat).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }, false).logFormat).toBe('pretty');
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ SEED_SAMPLE: 'maybe' }, 'SEED_SAMPLE'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ CLAMD_URL: 'clamav:3310' }, 'CLAMD_URL'],
    [{ SECOND_FACTOR: 'sometimes' }, 'SECOND_FACTOR'],
    [{ CONTACT_TO: 'not-an-address' }, 'CONTACT_TO'],
    [{ CONTACT_TO_PRICE_INQUIRY: 'sales' }, 'CONTACT_TO_PRICE_INQUIRY'],
    [{ CONTACT_TO_APPLICATION: 'hr@' }, 'CONTACT_TO_APPLICATION'],
    [{ ADMIN_USERNAME: 'boss' }, 'ADMIN_PASSWORD'],
    [{ ADMIN_USERNAME: 'boss', ADMIN_PASSWORD: 'short' }, 'ADMIN_PASSWORD'],
    [{ LOG_FORMAT: 'xml' }, 'LOG_FORMAT'],
    [{ METRICS_TOKEN: 'too-short' }, 'METRICS_TOKEN'],
    [{ METRICS_TOKEN: 'a token with spaces in it' }, 'METRICS_TOKEN'],
    [{ READY_OUTBOX_MAX_AGE_MS: '10' }, 'READY_OUTBOX_MAX_AGE_MS'],
  ])('rejects %j naming %s', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid environment variable ${name}:`));
  });

  it('reads the optional values', () => {
    const config = loadConfig({
      PORT: '8080',
      DATABASE_URL: 'postgres://u@h/db',
      ADMIN_USERNAME: 'boss',
      ADMIN_PASSWORD: 'a-long-enough-password',
      SEED_SAMPLE: 'false',
      TRUST_PROXY: '10.0.0.1, 10.0.0.2',
      TOKEN_TTL: '600',
      CLAMD_URL: 'unix:///run/clamav/clamd.ctl',
      SECOND_FACTOR: 'optional',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@h/db',
      admin: { username: 'boss', password: 'a-long-enough-password' },
      seedSample: false,
      trustProxy: ['10.0.0.1', '10.0.0.2'],
      tokenTtlSeconds: 600,
      clamd: { address: { path: '/run/clamav/clamd.ctl' }, timeoutMs: 60_000 },
      secondFactorRequired: false,
    });
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '' }).port).toBe(3000);
  });

  it('reads SITE_URL as a bare http(s) origin, undefined when unset (the saved website decides)', () => {
    expect(loadConfig({}).siteUrl).toBeUndefined();
    expect(loadConfig({ SITE_URL: 'https://www.Blitzschutz-Example.de/' }).siteUrl).toBe('https://www.blitzschutz-example.de');
    expect(loadConfig({ SITE_URL: 'http://127.0.0.1:8080' }).siteUrl).toBe('http://127.0.0.1:8080');
    for (const wrong of [
      'www.example.de',
      'ftp://example.de',
      'https://example.de/de',
      'https://example.de/?a=1',
      'https://example.de/#x',
      'https://user@example.de',
      'https://',
    ]) {
      expect(() => loadConfig({ SITE_URL: wrong }), wrong).toThrow('Invalid environment variable SITE_URL');
    }
  });

  it('reads a secret from the file NAME_FILE names, without its trailing line break', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blitz-secret-'));
    try {
      const file = path.join(dir, 'jwt');
      fs.writeFileSync(file, 'a-secret-from-a-file-that-is-long-enough-0123\n');
      const config = loadConfig({ JWT_SECRET_FILE: file, METRICS_TOKEN_FILE: file });
      expect(config.jwtSecret).toBe('a-secret-from-a-file-that-is-long-enough-0123');
      expect(config.metricsToken).toBe('a-secret-from-a-file-that-is-long-enough-0123');
      expect(() => loadConfig({ JWT_SECRET_FILE: file, JWT_SECRET: 'x'.repeat(40) })).toThrow(
        'Invalid environment variable JWT_SECRET_FILE: set JWT_SECRET or JWT_SECRET_FILE, not both',
      );
      expect(() => loadConfig({ SMTP_URL_FILE: path.join(dir, 'missing') })).toThrow(
        /^Invalid environment variable SMTP_URL_FILE: cannot read .*missing \(ENOENT\)$/,
      );
      // What is read is checked like the variable itself.
      fs.writeFileSync(file, 'short');
      expect(() => loadConfig({ JWT_SECRET_FILE: file })).toThrow(/^Invalid environment variable JWT_SECRET:/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps pictures and attachments under DATA_DIR unless S3_BUCKET names a bucket', () => {
    expect(loadConfig({}).objectStorage).toBeUndefined();
    expect(
      loadConfig({
        S3_BUCKET: 'blitz-site',
        S3_ENDPOINT: 'https://s3.example.net/',
        S3_REGION: 'eu-central-1',
        S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'true',
      }).objectStorage,
    ).toEqual({
      endpoint: 'https://s3.example.net',
      region: 'eu-central-1',
      bucket: 'blitz-site',
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    // Without keys or endpoint: AWS itself, with the SDK's own credentials (an instance role).
    expect(loadConfig({ S3_BUCKET: 'blitz-site' }).objectStorage).toEqual({
      endpoint: undefined,
      region: 'us-east-1',
      bucket: 'blitz-site',
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it.each([
    [{ S3_BUCKET: 'No_Such Bucket' }, 'S3_BUCKET: must be a bucket name'],
    [{ S3_BUCKET: 'ab' }, 'S3_BUCKET: must be a bucket name'],
    [{ S3_BUCKET: 'blitz', S3_ENDPOINT: 'ftp://s3.example.net' }, 'S3_ENDPOINT: must be an http(s) origin'],
    [{ S3_BUCKET: 'blitz', S3_ENDPOINT: 'https://s3.example.net/path' }, 'S3_ENDPOINT: must be an http(s) origin'],
    [{ S3_BUCKET: 'blitz', S3_FORCE_PATH_STYLE: 'perhaps' }, 'S3_FORCE_PATH_STYLE'],
    [
      { S3_BUCKET: 'blitz', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' },
      'S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
    ],
    [{ S3_ENDPOINT: 'https://s3.example.net' }, 'S3_BUCKET: S3_ENDPOINT or S3 keys are set, but no bucket'],
  ])('refuses S3 settings that cannot work: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(`Invalid environment variable ${message}`);
  });

  it('reads the S3 keys from files (S3_ACCESS_KEY_ID_FILE, S3_SECRET_ACCESS_KEY_FILE)', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'blitz-secret-'));
    try {
      fs.writeFileSync(path.join(dir, 'id'), 'AKIAFROMFILE\n');
      fs.writeFileSync(path.join(dir, 'secret'), 'secret-from-file\n');
      const config = loadConfig({
        S3_BUCKET: 'blitz-site',
        S3_ACCESS_KEY_ID_FILE: path.join(dir, 'id'),
        S3_SECRET_ACCESS_KEY_FILE: path.join(dir, 'secret'),
      });
      expect(config.objectStorage?.credentials).toEqual({ accessKeyId: 'AKIAFROMFILE', secretAccessKey: 'secret-from-file' });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('parseClamdUrl', () => {
  it('takes tcp://host:port and unix:///path, nothing else', () => {
    expect(parseClamdUrl('tcp://127.0.0.1:3310')).toEqual({ host: '127.0.0.1', port: 3310 });
    expect(parseClamdUrl('tcp://clamav:3310')).toEqual({ host: 'clamav', port: 3310 });
    expect(parseClamdUrl('unix:///run/clamav/clamd.ctl')).toEqual({ path: '/run/clamav/clamd.ctl' });
    for (const bad of ['', 'clamav:3310', 'tcp://host', 'tcp://host:0', 'tcp://host:70000', 'unix://relative', 'http://x:1']) {
      expect(parseClamdUrl(bad), bad).toBeUndefined();
    }
  });
});
