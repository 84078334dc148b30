import { z } from 'zod';

// Its own module: the company's logo and pictures are sent so too, and its tab does not build the
// projects' schemas for it (issue 46).

/** A picture sent inline as a data URL; the server sniffs and re-encodes it. */
export const pictureDataUrlSchema = z
  .string()
  .regex(/^data:image\/[a-z0-9.+-]+;base64,/i, 'picture must be a data:image/...;base64, URL');
