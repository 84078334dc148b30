// What a sign-in costs, without and with two-step sign-in: one request (name and password;
// argon2id verifies it) against two (the password, answered 401 second_factor_required, then
// the password with a code: argon2id again, and one UPDATE spends the code). Sequential, one
// client, the built server on SQLite; the medians and the slowest are printed.
// Run: npm run build && npm run bench -- sign-in   (not a CI gate; docs/benchmarks.md has the figures)
// Options (environment): RUNS (10; at most 10 with codes: the recovery codes, each usable once).
import { Secret, TOTP } from 'otpauth';
import { startBuiltServer } from './lib/built-server.mjs';

const runs = Math.min(10, Number(process.env.RUNS ?? 10));
const admin = { username: 'bench', password: 'bench-password-123456' };

const server = await startBuiltServer('sign-in', {
  SEED_SAMPLE: 'false',
  ADMIN_USERNAME: admin.username,
  ADMIN_PASSWORD: admin.password,
  SECOND_FACTOR: 'optional',
});
const { url } = server;

async function post(route, body, token) {
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const res = await fetch(url + route, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, body: res.status === 204 ? undefined : await res.json() };
}

/** Milliseconds of `signIn` per run: median and slowest. */
async function time(signIn) {
  const ms = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    await signIn(i);
    ms.push(performance.now() - started);
  }
  ms.sort((a, b) => a - b);
  return `median ${ms[Math.floor(ms.length / 2)].toFixed(0)} ms, slowest ${ms.at(-1).toFixed(0)} ms (${runs} runs)`;
}

function expectStatus(answer, status) {
  if (answer.status !== status) throw new Error(`expected ${status}, got ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer;
}

try {
  console.log(`password only:     ${await time(async () => expectStatus(await post('/api/v1/login/Auth', admin), 200))}`);

  const token = expectStatus(await post('/api/v1/login/Auth', admin), 200).body.jwtToken;
  const { secret } = expectStatus(await post('/api/v1/login/SecondFactor/Setup', { password: admin.password }, token), 200).body;
  const code = new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  const confirmed = expectStatus(await post('/api/v1/login/SecondFactor/Confirm', { code }, token), 200).body;
  console.log(
    `with a code:       ${await time(async (i) => {
      expectStatus(await post('/api/v1/login/Auth', admin), 401);
      expectStatus(await post('/api/v1/login/Auth', { ...admin, code: confirmed.recoveryCodes[i] }), 200);
    })}  (two requests: password, then password and code)`,
  );
} finally {
  await server.stop();
}
