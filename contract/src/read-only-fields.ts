import { z } from 'zod';

/** Accepted with any value and dropped: what a write does with a field only the server sets. */
const ignoredOnWrite = z
  .unknown()
  .transform(() => undefined)
  .optional();

/**
 * The fields a read answers that its write does not take (`createdAt`, `position`, `draft`, …),
 * each accepted and ignored (issue 40): a client that saves exactly what it read is not refused
 * for what the server itself sent, however many fields later releases add to the answer. Names
 * nobody answers, and wrong values of the fields a write takes, are still refused.
 */
export function ignoredReadFields<Read extends z.ZodRawShape, Write extends z.ZodRawShape>(read: Read, write: Write) {
  const names = Object.keys(read).filter((name) => !(name in write));
  return Object.fromEntries(names.map((name) => [name, ignoredOnWrite])) as {
    [Name in Exclude<keyof Read, keyof Write>]: typeof ignoredOnWrite;
  };
}
