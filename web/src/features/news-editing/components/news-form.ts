import { z } from 'zod';
import {
  type NewsPost,
  type NewsPostCreate,
  type NewsPostUpdate,
  addressSegmentPattern,
  berlinTimeToIso,
  customPageAddressKey,
  customPageLimits,
  isoToBerlinTime,
  newsLimits,
  newsOwnSegments,
} from '@blitz/contract';
import { searchEntryFormShape, searchEntryFormValues, searchEntryPayload } from '../../../components/admin/search-entry-form';
import { addressWords, documentWithAddress } from '../../../components/admin/sections/address-words';
import { type SectionValues, sectionPayload } from '../../../components/admin/sections/sections';

/** "Publish now" (when it goes live), or at a chosen time. */
export type PublishMode = 'now' | 'at';

const title = z.string().trim().min(1).max(newsLimits.title);
const teaser = z.string().trim().max(newsLimits.teaser);
const alt = z.string().trim().max(customPageLimits.words);

/**
 * The post dialog's own fields (the sections are a list of their own): the address, one segment
 * by the contract's rules; both titles; the date shown (empty: the day it goes live); the
 * teaser; the cover (a picture of the library, its alternative texts, its focal point); when it
 * goes live, at once or at a time in Berlin; the search entry and "keep out of search engines".
 */
export function newsFormSchema() {
  return z
    .object({
      address: z
        .string()
        .trim()
        .min(1)
        .max(newsLimits.address)
        .regex(addressSegmentPattern, { message: 'newsEditing:errors.addressForm' })
        .refine((address) => !newsOwnSegments.includes(customPageAddressKey(address)), {
          message: 'newsEditing:errors.addressReserved',
        }),
      titleDe: title,
      titleEn: title,
      date: z.union([z.literal(''), z.iso.date({ message: 'newsEditing:errors.date' })]),
      teaserDe: teaser,
      teaserEn: teaser,
      coverFileId: z.number().nullable(),
      coverAltDe: alt,
      coverAltEn: alt,
      coverFocus: z.object({ x: z.number(), y: z.number() }).nullable(),
      publishMode: z.enum(['now', 'at']),
      publishTime: z.string(),
      noindex: z.boolean(),
      ...searchEntryFormShape,
    })
    .refine((values) => values.publishMode === 'now' || berlinTimeToIso(values.publishTime) !== undefined, {
      path: ['publishTime'],
      message: 'newsEditing:errors.publishTime',
    });
}
export type NewsFormValues = z.input<ReturnType<typeof newsFormSchema>>;
type NewsFormOutput = z.output<ReturnType<typeof newsFormSchema>>;

/**
 * The moment a live post went live, which a save keeps (null for any other): "publish now" on a
 * post visitors already see must not date it anew. A draft, or a post whose time is still to come,
 * goes live when it is published.
 */
export function keptPublishAt(post: Pick<NewsPost, 'published' | 'publishAt'> | undefined, now = new Date()): string | null {
  return post?.published && post.publishAt !== null && Date.parse(post.publishAt) <= now.getTime() ? post.publishAt : null;
}

/** Empty for Add; the post's pending values for Edit (its draft of changes if it has one). */
export function newsFormValues(post?: NewsPost, now = new Date()): NewsFormValues {
  const values = post?.draft ?? post;
  const publishAt = values?.publishAt ?? null;
  // A time still to come is shown as chosen; one passed is when the post went live (or should have).
  const scheduled = publishAt !== null && Date.parse(publishAt) > now.getTime();
  return {
    address: values?.address ?? '',
    titleDe: values?.title.de ?? '',
    titleEn: values?.title.en ?? '',
    date: values?.date ?? '',
    teaserDe: values?.teaser.de ?? '',
    teaserEn: values?.teaser.en ?? '',
    coverFileId: values?.cover?.fileId ?? null,
    coverAltDe: values?.cover?.alt.de ?? '',
    coverAltEn: values?.cover?.alt.en ?? '',
    coverFocus: values?.cover?.focus ?? null,
    publishMode: scheduled ? 'at' : 'now',
    publishTime: scheduled ? isoToBerlinTime(publishAt) : '',
    noindex: values?.noindex ?? false,
    ...searchEntryFormValues(values),
  };
}

/** A new post's address made from its German title. */
export const addressFromTitle = (title: string) => addressWords(title, newsLimits.address);

/** When the post goes live as the form says: at the chosen time, or now (a live post keeping its moment). */
export function publishAtOf(values: Pick<NewsFormOutput, 'publishMode' | 'publishTime'>, kept: string | null): string | null {
  return values.publishMode === 'at' ? (berlinTimeToIso(values.publishTime) ?? null) : kept;
}

function postFields(values: NewsFormOutput, sections: readonly SectionValues[], kept: string | null) {
  return {
    address: values.address,
    title: { de: values.titleDe, en: values.titleEn },
    date: values.date || null,
    teaser: { de: values.teaserDe, en: values.teaserEn },
    cover:
      values.coverFileId === null
        ? null
        : {
            fileId: values.coverFileId,
            alt: { de: values.coverAltDe, en: values.coverAltEn },
            ...(values.coverFocus ? { focus: values.coverFocus } : {}),
          },
    noindex: values.noindex,
    publishAt: publishAtOf(values, kept),
    ...searchEntryPayload(values),
    sections: sections.map(sectionPayload),
  };
}

/** `published`: "Publish" (true) or "Save as draft" (false), as pages save. */
export function newsCreatePayload(
  values: NewsFormOutput,
  sections: readonly SectionValues[],
  published: boolean,
): NewsPostCreate {
  return { ...postFields(values, sections, null), published };
}

/**
 * `published` false saves a live post's changes as its draft of changes. `updatedAt`: the version
 * the form started from: a save over someone else's change is refused (409).
 */
export function newsUpdatePayload(
  post: NewsPost,
  values: NewsFormOutput,
  sections: readonly SectionValues[],
  published: boolean,
  updatedAt?: string,
  now = new Date(),
): NewsPostUpdate {
  return {
    id: post.id,
    ...postFields(values, sections, keptPublishAt(post, now)),
    published,
    ...(updatedAt ? { updatedAt } : {}),
  };
}

/** The other post (not `self`) that has this address, live or in its draft of changes. */
export const postWithAddress = (posts: readonly NewsPost[], address: string, self?: number) =>
  documentWithAddress(posts, address, self);

/** Whether the form schedules the post: a chosen time still to come. */
export function schedules(values: Pick<NewsFormValues, 'publishMode' | 'publishTime'>, now = new Date()): boolean {
  if (values.publishMode !== 'at') return false;
  const moment = berlinTimeToIso(values.publishTime);
  return moment !== undefined && Date.parse(moment) > now.getTime();
}
