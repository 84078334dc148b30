import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { type InquirySubject, apiRoutes } from '@blitz/contract';
import { apiRequest } from './api-client';
import { inquiryTypeNamesAnswer } from './answer-reader';
import { inquiryTypeName } from './inquiry-type-name';

/**
 * Every inquiry type with its names, those staff added and removed too (issue 44): what the
 * inbox filters by and an account may be limited to. Read as far as named (lib/answer-reader.ts),
 * not by the contract's whole schema: the inbox's filter is part of the dashboard's first view.
 */
export function useInquiryTypeList() {
  return useQuery({ ...inquiryTypeListQueryOptions(), select: (list) => list.types });
}

export const inquiryTypeListQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'inquiry-type-names'],
    queryFn: ({ signal }) => apiRequest(apiRoutes.inquiryTypes.list, { schema: inquiryTypeNamesAnswer, admin: true, signal }),
  });

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
