import { type UserRole, apiRoutes, apiUrl } from '@blitz/contract';
import { api } from '../../test/helper';

export const usersUrl = apiUrl(apiRoutes.users.list);
export const invitationUrl = apiUrl(apiRoutes.auth.invitation);
export const newPassword = 'a long and unguessable passphrase 42';

/** The token in an invitation link (`…/login#invitation=TOKEN`). */
export const tokenOf = (url: string) => new URL(url).hash.replace(/^#invitation=/, '');

/** An account of `role` made by the admin, its invitation used: its id and a token of its own. */
export async function signedInAs(
  url: string,
  adminToken: string,
  username: string,
  role: UserRole,
  extra: { inquiryTypes?: string[] | null; email?: string } = {},
): Promise<{ id: number; token: string }> {
  const created = await api(url, 'POST', usersUrl, { token: adminToken, body: { username, role, ...extra } });
  if (created.status !== 201) throw new Error(`create failed: ${created.status} ${created.text}`);
  const accepted = await api(url, 'POST', invitationUrl, {
    body: { token: tokenOf(created.body.invitation.url), password: newPassword },
  });
  if (accepted.status !== 200) throw new Error(`invitation failed: ${accepted.status} ${accepted.text}`);
  return { id: created.body.id as number, token: accepted.body.jwtToken as string };
}
