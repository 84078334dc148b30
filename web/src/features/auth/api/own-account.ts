import { type OwnAccount, apiRoutes } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { ownAccountAnswer } from '../../../lib/answer-reader';

/** The signed-in user's own display name (issue 40); null takes it away. The answer is the account's names now. */
export const saveOwnDisplayName = (displayName: string | null): Promise<OwnAccount> =>
  apiRequest(apiRoutes.users.me, { method: 'PUT', body: { displayName }, schema: ownAccountAnswer, admin: true });
