import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type InquirySubject, apiRoutes } from '@blitz/contract';
import { apiRequest } from './api-client';
import { inquiryTypeName } from './inquiry-type-name';

/**
 * What the inbox and the accounts need of `GET /InquiryType` (a staff read): each type's key and
 * names, and whether staff removed it. Read by this small schema rather than the contract's whole
 * one, whose field rules would weigh on the dashboard's first view (issue 46's budget).
 */
const typeNamesSchema = z.object({
  types: z.array(
    z.object({
      key: z.string(),
      names: z.object({ de: z.string(), en: z.string() }),
      builtIn: z.boolean(),
      removed: z.boolean().default(false),
    }),
  ),
});

/**
 * Every inquiry type with its names, those staff added and removed too (issue 44): what the
 * inbox filters by and an account may be limited to.
 */
export function useInquiryTypeList() {
  return useQuery({
    queryKey: ['admin', 'inquiry-type-names'],
    queryFn: ({ signal }) => apiRequest(apiRoutes.inquiryTypes.list, { schema: typeNamesSchema, admin: true, signal }),
    select: (list) => list.types,
  });
}

/**
 * A function naming an inquiry type by its key in the dashboard's language: SPEC.md's three by
 * `ownName` (the tab's own words), a type staff added by the names they gave it.
 */
export function useInquiryTypeName(ownName: (subject: InquirySubject) => string): (key: string) => string {
  const { i18n } = useTranslation();
  const types = useInquiryTypeList().data;
  const lang = i18n.language === 'en' ? 'en' : 'de';
  return (key) => inquiryTypeName(key, types?.find((type) => type.key === key)?.names, lang, ownName);
}
