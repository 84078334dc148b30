import { z } from 'zod';

// On its own (not in file-library.ts) so that the problem details, which every client reads, name
// it without the library's types and limits.

/** One place a file of the library is used: a page, a news item, a reference project (each module names its own). */
export const fileUseSchema = z.object({
  /** What uses it: `page`, `news`, `project`… */
  kind: z.string(),
  id: z.union([z.number().int(), z.string()]),
  /** Its title (German, else the other). */
  title: z.string(),
  /** Where staff open it in the dashboard or visitors see it; null where it has no address. */
  address: z.string().nullable(),
});
export type FileUse = z.infer<typeof fileUseSchema>;
