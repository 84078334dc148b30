/**
 * The root key of the lists of categories, projects, sign-ins and the second factor: after a
 * change to categories or projects all of them reload, since a change to one can show in another
 * (a deleted category leaves its projects without). Each feature's keys start with it.
 */
export const dashboardQueryKey = ['admin'] as const;
