import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import argon2 from 'argon2';
import { type CompanyDetails, passwordPolicy } from '@blitz/contract';
import type { Db } from '../../db/database';
import { getCompanyDetails } from '../company/company-details.service';

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

/** The trade's and the admin area's own words, which every site of this kind shares. */
const tradeWords = [
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
];

const hostnameOf = (website: string) => {
  try {
    return new URL(website).hostname;
  } catch {
    return '';
  }
};

/**
 * Words an attacker would try first against this site's admin (ASVS 6.1.2): the company's names
 * (name, legal name, managing directors, the people the pages name), street, city, web domain and
 * e-mail address as staff saved them (the placeholder company's until then), the trade, the admin
 * area's own words, and the account's own name and e-mail address. SECURITY.md lists them.
 */
export function contextWords(company: CompanyDetails, account: PasswordAccount): string[] {
  return [
    ...new Set(
      [
        company.name,
        company.legalName,
        ...company.managingDirectors,
        company.jobsContact,
        company.person.name,
        company.street,
        company.city,
        hostnameOf(company.website),
        company.email,
        ...tradeWords,
        account.username,
        account.email ?? '',
      ]
        .flatMap((text) => wordsOf(text.toLowerCase()))
        .filter((word) => word.length >= 4),
    ),
  ];
}

/**
 * A text's words, and the whole of a text of several as written and run together: zxcvbn takes
 * "Erdwerk Blitzschutz 2026" apart at the space and rates the two words and the year strong.
 */
function wordsOf(text: string): string[] {
  const words = text.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words.length > 1 ? [...words, text.trim(), words.join('')] : words;
}

/** Whose password it is: its name, and its e-mail address where it has one. */
export type PasswordAccount = { username: string; email?: string | null };

/**
 * zxcvbn's estimate of the guesses a password needs, with its list of common passwords (some
 * 30,000 of the most used, from breach corpora) and the context words. Score 4 means more than
 * 10^10 guesses: a common password, a keyboard run, a repeat, or the company's name with a year
 * stays below it. Built on first use (it takes some 50 ms and a few MB).
 */
let estimator: ZxcvbnFactory | undefined;
const minimumScore = 4;

export function checkPasswordPolicy(password: string, words: readonly string[]): string | undefined {
  if (password.length < passwordPolicy.minLength) return `must have at least ${passwordPolicy.minLength} characters`;
  if (password.length > passwordPolicy.maxLength) return `must have at most ${passwordPolicy.maxLength} characters`;
  estimator ??= new ZxcvbnFactory({ dictionary: zxcvbnCommon.dictionary, graphs: zxcvbnCommon.adjacencyGraphs });
  if (estimator.check(password, [...words]).score < minimumScore) {
    return 'is too easy to guess (a common password, or built from the company’s or the user’s name); choose a longer passphrase';
  }
  return undefined;
}

/** The policy with this site's context words: the saved company details and the account's own. */
export async function checkSitePasswordPolicy(db: Db, password: string, account: PasswordAccount): Promise<string | undefined> {
  return checkPasswordPolicy(password, contextWords((await getCompanyDetails(db)).settings, account));
}
