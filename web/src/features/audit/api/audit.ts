import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRoutes, auditListSchema } from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { categoryListAnswer } from '../../../lib/content-answers';

/** The audit trail's filters as the panel holds them: '' is "any". */
export type AuditFilter = { user: string; item: string; action: string; from: string; to: string; page: number };

export const auditPageLength = 50;

export const defaultAuditFilter: AuditFilter = { user: '', item: '', action: '', from: '', to: '', page: 1 };

/** The filters as the API's query (decision 036); empty ones left out. */
export function auditQuery(filter: AuditFilter): Record<string, string | number | undefined> {
  const given = (value: string) => value.trim() || undefined;
  return {
    User: given(filter.user),
    Item: given(filter.item),
    Action: given(filter.action),
    From: given(filter.from),
    To: given(filter.to),
  };
}

export const auditQueryOptions = (filter: AuditFilter) =>
  queryOptions({
    queryKey: ['audit', filter] as const,
    queryFn: ({ signal }) =>
      apiRequest(apiRoutes.audit.list, {
        query: { ...auditQuery(filter), PageNumber: filter.page, PageLength: auditPageLength },
        schema: auditListSchema,
        admin: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export const useAuditTrail = (filter: AuditFilter) => useQuery(auditQueryOptions(filter));

/** The CSV export's address with the same filters (the list's paging aside). */
export function auditExportPath(filter: AuditFilter, separator: ';' | ','): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(auditQuery(filter))) if (value !== undefined) params.set(name, String(value));
  params.set('separator', separator);
  return `${apiRoutes.audit.export}?${params.toString()}`;
}

/** The categories, so that a project's category is named by its title rather than its id. */
export const useAuditCategories = () =>
  useQuery({
    queryKey: ['audit', 'categories'] as const,
    queryFn: ({ signal }) => apiRequest(apiRoutes.categories.list, { schema: categoryListAnswer, signal }),
  });
