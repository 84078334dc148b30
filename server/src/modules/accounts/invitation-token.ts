import crypto from 'node:crypto';

/** Only this is stored of an invitation's token (256 random bits: a fast hash is enough). */
export const hashInvitationToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/**
 * The link goes in the fragment (`/login#invitation=…`): a browser never sends it to the server,
 * so it stays out of access logs, proxies and Referer headers (decision 035).
 */
export const invitationUrl = (origin: string, token: string) => `${origin}/login#invitation=${token}`;
