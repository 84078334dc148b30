import { z } from 'zod';
import { contentLanguageSchema, hasUniqueLanguages } from './languages';
import { oneLine } from './one-line';
import { pictureDataUrlSchema } from './picture-data-url';
import { companyDetailsLimits, federalStates, managementKinds } from './company-details-values';

/**
 * A picture of the settings (a partner's logo, the About page's person): the name of a picture
 * the web app ships (`ferrum`, `ceo-portrait`), a `/media/…` address the server made from an
 * upload, or — in a PUT only — a new upload as a data URL, which the server stores and answers
 * with its address.
 */
export const shippedPictureNames = ['ferrum', 'ohmwerk', 'voltara', 'ceo-portrait'] as const;
export const storedPictureSchema = z.union([
  z.enum(shippedPictureNames),
  z.string().regex(/^\/media\/company\/[a-f0-9]{20}-\d{1,4}\.webp$/, 'must be a shipped picture, a stored one or a data URL'),
]);
const pictureInputSchema = z.union([storedPictureSchema, pictureDataUrlSchema]);

/**
 * The company's logo (decision 028): `null` while the shipped drawing (web/public/favicon.svg) is
 * the logo, or the `/media/company/…` address of the uploaded one. The site's icons and
 * link-preview pictures are made from it.
 */
export const storedLogoSchema = z
  .string()
  .regex(/^\/media\/company\/[a-f0-9]{20}-\d{1,4}\.webp$/, 'must be a stored logo, null or a data URL')
  .nullable();
/** In a PUT: kept as read, `null` for the shipped drawing, or a new upload (PNG, JPEG or WebP) as a data URL. */
const logoInputSchema = z.union([storedLogoSchema, pictureDataUrlSchema]);

// Every text field is one line (it may reach a mail header, the manifest or JSON-LD), but the quote.
const line = (max: number) => oneLine(z.string().trim().max(max));
const required = (max: number) => oneLine(z.string().trim().min(1).max(max));

/** Localised short text: at most one per language; both may be empty (the web app falls back). */
const localized = (max: number, lines: 'one' | 'many' = 'one') =>
  z
    .array(
      z.strictObject({
        content: lines === 'one' ? line(max) : z.string().trim().max(max),
        language: contentLanguageSchema,
      }),
    )
    .max(2)
    .refine(hasUniqueLanguages, 'each language may appear once');

export const federalStateSchema = z.enum(federalStates);

const httpUrl = line(500).refine((value) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}, 'must be a web address starting with https://');

const fields = <P extends z.ZodType>(picture: P) => ({
  name: required(100),
  legalName: required(200),
  legalForm: line(50),
  street: required(200),
  postalCode: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z -]{3,10}$/, 'must be a postal code'),
  city: required(100),
  country: required(100),
  countryCode: z
    .string()
    .trim()
    .regex(/^[A-Z]{2}$/, 'must be a two-letter country code such as DE'),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 ()/-]{4,28}[0-9]$/, 'must be a phone number such as +49 6181 123456'),
  email: z.string().trim().max(254).pipe(z.email('must be an e-mail address')),
  website: httpUrl,
  managingDirectors: z.array(required(100)).min(1).max(companyDetailsLimits.maxManagingDirectors),
  /**
   * Who the managing directors are, for their title (issue 40): one woman (Geschäftsführerin), one
   * man (Geschäftsführer) or several (Geschäftsführung; Managing Directors). Left out: by the
   * number of names, as before (one: Geschäftsführer, several: Geschäftsführer).
   */
  management: z.enum(managementKinds).optional(),
  /** Named on the jobs page as the person to ask about applications. */
  jobsContact: line(100),
  register: z.strictObject({ court: line(100), number: line(50) }),
  /** An EU VAT identification number: two letters and 2–12 characters; a German one is DE and nine digits. */
  vatId: z
    .string()
    .trim()
    .transform((value) => value.replace(/\s+/g, '').toUpperCase())
    .pipe(
      z
        .string()
        .regex(/^[A-Z]{2}(?=[0-9A-Z+*]*\d)[0-9A-Z+*]{2,12}$/, 'must be a VAT ID such as DE123456789')
        .refine((value) => !value.startsWith('DE') || /^DE\d{9}$/.test(value), 'a German VAT ID is DE and nine digits'),
    ),
  taxNumber: line(50),
  supervisoryChamber: line(200),
  foundedYear: z.number().int().min(1800).max(2100),
  map: z.strictObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }),
  openingHours: localized(200),
  partners: z.array(z.strictObject({ name: required(100), url: httpUrl, logo: picture })).max(companyDetailsLimits.maxPartners),
  /** The six figures of the home page's statistics strip, in order. */
  statistics: z
    .array(z.strictObject({ value: z.number().int().min(0).max(1_000_000_000), label: localized(100) }))
    .length(companyDetailsLimits.statistics),
  /** The person the About page shows with a quote. */
  person: z.strictObject({ name: required(100), position: localized(100), quote: localized(1000, 'many'), picture }),
});

/** The company details as visitors get them. */
export const companyDetailsSchema = z.strictObject({
  ...fields(storedPictureSchema),
  logo: storedLogoSchema,
  /** The state whose public holidays the inbox's working days skip; null: the nationwide ones only (details saved before it: null). */
  federalState: federalStateSchema.nullable().default(null),
});
export type CompanyDetails = z.infer<typeof companyDetailsSchema>;

/**
 * `PUT /Settings`: the whole object; a picture may be a new upload (data URL). `logo` left out
 * keeps the current one (clients of releases before the logo send none).
 */
export const companyDetailsInputSchema = z.strictObject({
  ...fields(pictureInputSchema),
  logo: logoInputSchema.optional(),
  /** Left out: kept as it is (clients of releases before it send none). */
  federalState: federalStateSchema.nullable().optional(),
  /** What the GET adds may be sent back as it is: `isSample` is ignored. */
  isSample: z.boolean().optional(),
  /**
   * The `updatedAt` the GET answered (null: never saved): a save of details changed since is
   * refused with 409 (decision 036). Left out: no check.
   */
  updatedAt: z.string().max(40).nullable().optional(),
});
export type CompanyDetailsInput = z.input<typeof companyDetailsInputSchema>;

/** What staff get besides: whether the placeholder company is still in place, and when it last changed. */
export const companyDetailsReadSchema = companyDetailsSchema.extend({
  isSample: z.boolean().optional(),
  updatedAt: z.string().nullable().optional(),
});
export type CompanyDetailsRead = z.infer<typeof companyDetailsReadSchema>;

export {
  type FederalState,
  type ManagementKind,
  companyDetailsLimits,
  companyInterpolationOf,
  defaultCompanyDetails,
  federalStates,
  isSampleCompany,
  managementKinds,
  managementTitle,
  mapUrls,
  phoneHref,
} from './company-details-values';
