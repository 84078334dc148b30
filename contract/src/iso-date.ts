import { z } from 'zod';

// Its own module: the statistics' schemas check dates with it without building the jobs' (issue 46).

/** A calendar date, `YYYY-MM-DD`, that exists (no 31 February). */
export const isoDateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date as YYYY-MM-DD')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'is not a date of the calendar');
