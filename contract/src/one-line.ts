import { type z } from 'zod';
import { isOneLine } from './contact-rules';

export const oneLineMessage = 'must be one line: no line breaks or direction controls';

/**
 * A one-line field: a company name, a job's title, a page title. It may reach a mail header, the
 * web manifest, JSON-LD or a page's head, where a line break is at best lost and at worst a new
 * header (issue 27, point 9). The contact form refuses the same (`isOneLine`); this refinement is
 * the contract's one way to say it.
 */
export const oneLine = <S extends z.ZodType<string>>(schema: S) => schema.refine(isOneLine, oneLineMessage);
