/**
 * Every query of the inbox sits under one root key: a change to one inquiry (handled, resent,
 * deleted) shows in the list as well as in its detail, so after a change all of them reload.
 */
export const inboxQueryKeys = {
  all: ['inbox'] as const,
  list: (filter: object, page: number, pageLength: number) =>
    [...inboxQueryKeys.all, 'list', { ...filter, page, pageLength }] as const,
  detail: (id: number) => [...inboxQueryKeys.all, 'detail', id] as const,
  retention: () => [...inboxQueryKeys.all, 'retention'] as const,
};
