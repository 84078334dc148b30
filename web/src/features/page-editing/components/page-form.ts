import { z } from 'zod';
import {
  type CustomPage,
  type CustomPageCreate,
  type CustomPageUpdate,
  customPageAddressKey,
  customPageAddressPattern,
  customPageLimits,
  customPagePlaces,
  siteOwnSegments,
} from '@blitz/contract';
import { addressWords, documentWithAddress } from '../../../components/admin/sections/address-words';
import { searchEntryFormShape, searchEntryFormValues, searchEntryPayload } from '../../../components/admin/search-entry-form';
import { type SectionValues, sectionPayload } from '../../../components/admin/sections/sections';

const title = z.string().trim().min(1).max(120);
const linkTitle = z.string().trim().max(40);

/**
 * The page dialog's own fields (the sections are a list of their own, sections.ts): the address
 * with the contract's rules, each said in the tab's words; both titles; where it is linked; the
 * words of its link there (empty: the title); the search entry (decision 059) and "keep out of
 * search engines".
 */
export function pageFormSchema() {
  return z.object({
    address: z
      .string()
      .trim()
      .min(1)
      .max(customPageLimits.address)
      .regex(customPageAddressPattern, { message: 'pageEditing:errors.addressForm' })
      .refine((address) => !siteOwnSegments.includes(customPageAddressKey(address).slice(1)), {
        message: 'pageEditing:errors.addressReserved',
      }),
    titleDe: title,
    titleEn: title,
    linkTitleDe: linkTitle,
    linkTitleEn: linkTitle,
    place: z.enum(customPagePlaces),
    placeOrder: z.number({ message: 'pageEditing:errors.order' }).int().min(0).max(999),
    noindex: z.boolean(),
    ...searchEntryFormShape,
  });
}
export type PageFormSchema = ReturnType<typeof pageFormSchema>;
export type PageFormValues = z.input<PageFormSchema>;
type PageFormOutput = z.output<PageFormSchema>;

/** Empty for Add; the page's pending values for Edit (its draft of changes if it has one). */
export function pageFormValues(page?: CustomPage): PageFormValues {
  const values = page?.draft ?? page;
  return {
    address: values?.address ?? '',
    titleDe: values?.title.de ?? '',
    titleEn: values?.title.en ?? '',
    linkTitleDe: values?.linkTitle.de ?? '',
    linkTitleEn: values?.linkTitle.en ?? '',
    place: values?.place ?? 'none',
    placeOrder: values?.placeOrder ?? 0,
    noindex: values?.noindex ?? false,
    ...searchEntryFormValues(values),
  };
}

/** A new page's address made from its title: `/` and its words, at most the contract's length. */
export function addressFromTitle(title: string): string {
  const words = addressWords(title, customPageLimits.address - 1);
  return words ? `/${words}` : '';
}

/** An address typed without its slash gets one: `herbstaktion` is meant as `/herbstaktion`. */
export const withSlash = (address: string) => {
  const trimmed = address.trim();
  return trimmed && !trimmed.startsWith('/') ? `/${trimmed}` : trimmed;
};

function pageFields(values: PageFormOutput, sections: readonly SectionValues[]) {
  return {
    address: values.address,
    title: { de: values.titleDe, en: values.titleEn },
    linkTitle: { de: values.linkTitleDe, en: values.linkTitleEn },
    place: values.place,
    placeOrder: values.placeOrder,
    noindex: values.noindex,
    ...searchEntryPayload(values),
    sections: sections.map(sectionPayload),
  };
}

/** `published`: "Publish" (true) or "Save as draft" (false), as the projects' editor saves. */
export function pageCreatePayload(
  values: PageFormOutput,
  sections: readonly SectionValues[],
  published: boolean,
): CustomPageCreate {
  return { ...pageFields(values, sections), published };
}

/**
 * `published` false saves a live page's changes as its draft of changes. `updatedAt`: the version
 * the form started from: a save over someone else's change is refused (409).
 */
export function pageUpdatePayload(
  id: number,
  values: PageFormOutput,
  sections: readonly SectionValues[],
  published: boolean,
  updatedAt?: string,
): CustomPageUpdate {
  return { id, ...pageFields(values, sections), published, ...(updatedAt ? { updatedAt } : {}) };
}

/** The other page (not `self`) that has this address, live or in its draft of changes. */
export const pageWithAddress = (pages: readonly CustomPage[], address: string, self?: number) =>
  documentWithAddress(pages, address, self);
