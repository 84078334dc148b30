import { type InquirySubject, type SiteLanguage, inquirySubjects } from '@blitz/contract';

/**
 * An inquiry type's name in the dashboard's language: SPEC.md's three in the dashboard's own
 * words (`ownName`), a type staff added (issue 44) by the names they gave it (the other
 * language's where one is missing), else by its key.
 */
export function inquiryTypeName(
  subject: string,
  names: { de: string; en: string } | null | undefined,
  lang: SiteLanguage,
  ownName: (subject: InquirySubject) => string,
): string {
  if ((inquirySubjects as readonly string[]).includes(subject)) return ownName(subject as InquirySubject);
  return names?.[lang] || names?.[lang === 'de' ? 'en' : 'de'] || subject;
}
