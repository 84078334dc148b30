/**
 * Every list of the dashboard sits under one root key: after any change all of them reload,
 * since a change to one can show in another (a deleted category leaves its projects without).
 */
export const adminQueryKeys = {
  all: ['admin'] as const,
  categories: () => [...adminQueryKeys.all, 'categories'] as const,
  projects: (page: number, pageLength: number) => [...adminQueryKeys.all, 'projects', { page, pageLength }] as const,
  sessions: () => [...adminQueryKeys.all, 'sessions'] as const,
  secondFactor: () => [...adminQueryKeys.all, 'second-factor'] as const,
};
