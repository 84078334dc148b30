import argon2 from 'argon2';
import { passwordPolicy } from '@blitz/contract';

// argon2id with OWASP's recommended parameters (19 MiB, 2 passes, 1 lane).
const options = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
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

export function checkPasswordPolicy(password: string): string | undefined {
  if (password.length < passwordPolicy.minLength) return `must have at least ${passwordPolicy.minLength} characters`;
  if (password.length > passwordPolicy.maxLength) return `must have at most ${passwordPolicy.maxLength} characters`;
  return undefined;
}
