import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type SiteLanguage,
  apiRoutes,
  inquiryTypeListSchema,
  type inquiryTypeUpdateSchema,
  siteLanguages,
  translationPath,
} from '@blitz/contract';
import { apiRequest } from '../../../lib/api-client';
import { dashboardQueryKey } from '../../../components/admin/dashboard-query-key';

/** What `PUT /InquiryType` takes: the type as read (its fields' `kind` and `builtIn` too, which it ignores). */
export type InquiryTypeUpdate = z.input<typeof inquiryTypeUpdateSchema>;

export const inquiryTypesQueryKey = [...dashboardQueryKey, 'inquiry-types'] as const;

/** Every inquiry type with its fields as staff set them (a staff read of `GET /InquiryType`). */
export function fetchInquiryTypes(signal?: AbortSignal) {
  return apiRequest(apiRoutes.inquiryTypes.list, { schema: inquiryTypeListSchema, admin: true, signal });
}

export const inquiryTypesQueryOptions = () =>
  queryOptions({ queryKey: inquiryTypesQueryKey, queryFn: ({ signal }) => fetchInquiryTypes(signal) });

export const useInquiryTypes = () => useQuery(inquiryTypesQueryOptions());

/** Reads the definition as saved now (after a stale save) into the cache too: the type names above the forms follow. */
export function useLoadInquiryTypes() {
  const queryClient = useQueryClient();
  return async () => {
    const list = await fetchInquiryTypes();
    queryClient.setQueryData(inquiryTypesQueryKey, list);
    return list;
  };
}

/** Saves one type; the answer (the whole definition, as saved) replaces the cached one. */
export function useSaveInquiryType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (update: InquiryTypeUpdate) =>
      apiRequest(apiRoutes.inquiryTypes.list, { method: 'PUT', body: update, schema: inquiryTypeListSchema, admin: true }),
    onSuccess: (saved) => queryClient.setQueryData(inquiryTypesQueryKey, saved),
  });
}

/** Adds a type staff composed (`POST`, the update's shape with the new key); the answer replaces the cached definition. */
export function useCreateInquiryType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (create: InquiryTypeUpdate) =>
      apiRequest(apiRoutes.inquiryTypes.list, { method: 'POST', body: create, schema: inquiryTypeListSchema, admin: true }),
    onSuccess: (saved) => queryClient.setQueryData(inquiryTypesQueryKey, saved),
  });
}

/** Removes a type staff added: it leaves the form, its inquiries stay. */
export function useRemoveInquiryType() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) =>
      apiRequest(apiRoutes.inquiryTypes.onePath(key), { method: 'DELETE', schema: inquiryTypeListSchema, admin: true }),
    onSuccess: (saved) => queryClient.setQueryData(inquiryTypesQueryKey, saved),
  });
}

/** What the public form says where staff gave no words of their own: the contact texts, as published. */
const siteWordsSchema = z.object({
  fields: z.record(z.string(), z.string()).default({}),
  subjects: z.record(z.string(), z.string()).default({}),
  buildingSizeHint: z.string().default(''),
  regardsHint: z.string().default(''),
});
export type SiteWords = z.infer<typeof siteWordsSchema>;

async function fetchSiteWords(lang: SiteLanguage, signal: AbortSignal): Promise<SiteWords> {
  const response = await fetch(translationPath(lang, 'contact'), { signal });
  if (!response.ok) throw new Error(`${response.status} ${response.url}`);
  return siteWordsSchema.parse(await response.json());
}

/**
 * The site's own words in both languages (the placeholders of empty fields). Read from the texts
 * the visitors' pages load, not the dashboard's: a text edited in "Texte" shows as published.
 */
export const useSiteWords = () =>
  useQuery({
    queryKey: [...inquiryTypesQueryKey, 'site-words'],
    queryFn: async ({ signal }) => {
      const [de, en] = await Promise.all(siteLanguages.map((lang) => fetchSiteWords(lang, signal)));
      return { de: de!, en: en! } satisfies Record<SiteLanguage, SiteWords>;
    },
    staleTime: Infinity,
  });
