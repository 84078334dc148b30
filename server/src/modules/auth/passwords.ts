import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';
import { company, passwordPolicy } from '@blitz/contract';

// argon2id with OWASP's recommended parameters (19 MiB, 2 passes, 1 lane).
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

/** Whether a stored hash was made with weaker parameters than today's (it is then replaced at the next sign-in). */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, options);
  } catch {
    return false;
  }
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Verifies against a throw-away hash, so that an unknown user costs as much time as a wrong password. */
export async function burnVerifyTime(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password-placeholder');
  await verifyPassword(await dummyHash, password);
}

/**
 * Words an attacker would try first against this site's admin (ASVS 6.1.2): the company's name,
 * address and web address, the trade, and the admin area's own words. The user's name is added
 * per check. SECURITY.md lists them.
 */
export const contextWords: readonly string[] = [
  ...new Set(
    [
      company.name,
      company.legalName,
      company.street,
      company.city,
      new URL(company.website).hostname,
      company.email,
      'blitzschutz',
      'blitz',
      'erdung',
      'erdungsanlage',
      'potentialausgleich',
      'ueberspannungsschutz',
      'lightning',
      'grounding',
      'admin',
      'administrator',
      'dashboard',
      'passwort',
      'kennwort',
      'password',
    ]
      .flatMap((text) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u))
      .filter((word) => word.length >= 4),
  ),
];

/**
 * zxcvbn's estimate of the guesses a password needs, with its list of common passwords (some
 * 30,000 of the most used, from breach corpora) and the context words. Score 4 means more than
 * 10^10 guesses: a common password, a keyboard run, a repeat, or the company's name with a year
 * stays below it. Built on first use (it takes some 50 ms and a few MB).
 */
let estimator: ZxcvbnFactory | undefined;
const minimumScore = 4;

export function checkPasswordPolicy(password: string, username?: string): string | undefined {
  if (password.length < passwordPolicy.minLength) return `must have at least ${passwordPolicy.minLength} characters`;
  if (password.length > passwordPolicy.maxLength) return `must have at most ${passwordPolicy.maxLength} characters`;
  estimator ??= new ZxcvbnFactory({ dictionary: zxcvbnCommon.dictionary, graphs: zxcvbnCommon.adjacencyGraphs });
  const inputs = username ? [...contextWords, username.toLowerCase()] : [...contextWords];
  if (estimator.check(password, inputs).score < minimumScore) {
    return 'is too easy to guess (a common password, or built from the company’s or the user’s name); choose a longer passphrase';
  }
  return undefined;
}
