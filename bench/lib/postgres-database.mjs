// A PostgreSQL database of its own for one benchmark run, on the server BENCH_DATABASE_URL (or
// TEST_DATABASE_URL) names, whose user may create databases.
import crypto from 'node:crypto';
import pg from 'pg';

export const postgresBase = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

export async function withPostgres(work) {
  const client = new pg.Client({ connectionString: postgresBase });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database named after `prefix`: its URL and how to drop it. */
export async function newDatabase(prefix) {
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  await withPostgres((c) => c.query(`CREATE DATABASE ${name}`));
  const url = new URL(postgresBase);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => withPostgres((c) => c.query(`DROP DATABASE ${name} WITH (FORCE)`)) };
}
