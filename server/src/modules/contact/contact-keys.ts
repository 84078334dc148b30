/**
 * How an inquiry's sender is recognised in another inquiry (issue 42: duplicates linked, never
 * merged). Stored with the inquiry (`email_key`, `phone_key`) so that the look-up is an index seek.
 * The migration that added the columns keeps a frozen copy of these rules.
 */

/** The e-mail address without surrounding spaces, in lower case; null when empty. */
export function emailKey(email: string): string | null {
  return email.trim().toLowerCase() || null;
}

/**
 * The phone number's digits, written the same however it was typed: `+` and `00` alike, Germany's
 * `+49`/`0049` as the national `0` (with a `(0)` typed after it dropped). Null when fewer than six
 * digits are left: too few to tell one person from another.
 */
export function phoneKey(phone: string): string | null {
  let digits = phone.replace(/\D/g, '');
  if (phone.trim().startsWith('+')) digits = `00${digits}`;
  if (digits.startsWith('0049')) {
    const national = digits.slice(4);
    digits = national.startsWith('0') ? national : `0${national}`;
  }
  return digits.length >= 6 ? digits : null;
}
