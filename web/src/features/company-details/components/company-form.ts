import type { FieldError, FieldErrors, Resolver } from 'react-hook-form';
import {
  type CompanyDetails,
  type CompanyDetailsInput,
  type FederalState,
  type ManagementKind,
  ContentLanguage,
} from '@blitz/contract';
import { localizedTexts, textIn } from '../../../components/admin/localized-fields';

/**
 * The company form's values: every input is a string (numbers too, as typed), a localised text
 * is a German and an English field, the managing directors one per line. The contract's schema
 * of the PUT checks the converted values, so that the form and the server agree on every rule.
 */
export type CompanyFormValues = {
  name: string;
  legalName: string;
  legalForm: string;
  foundedYear: string;
  street: string;
  postalCode: string;
  city: string;
  country: string;
  countryCode: string;
  /** '' for none: only the nationwide public holidays are days off for the inbox. */
  federalState: '' | FederalState;
  latitude: string;
  longitude: string;
  phone: string;
  email: string;
  website: string;
  openingHoursDe: string;
  openingHoursEn: string;
  jobsContact: string;
  managingDirectors: string;
  /** '' leaves the title to the number of names. */
  management: '' | ManagementKind;
  registerCourt: string;
  registerNumber: string;
  vatId: string;
  taxNumber: string;
  supervisoryChamber: string;
  partners: { name: string; url: string; logo: string }[];
  statistics: { value: string; labelDe: string; labelEn: string }[];
  personName: string;
  personPositionDe: string;
  personPositionEn: string;
  personQuoteDe: string;
  personQuoteEn: string;
  personPicture: string;
  /** '' for the shipped drawing, the stored logo's address, or a new upload's data URL. */
  logo: string;
};

const de = (texts: CompanyDetails['openingHours']) => textIn(texts, ContentLanguage.German);
const en = (texts: CompanyDetails['openingHours']) => textIn(texts, ContentLanguage.English);

export function companyFormValues(settings: CompanyDetails): CompanyFormValues {
  return {
    name: settings.name,
    legalName: settings.legalName,
    legalForm: settings.legalForm,
    foundedYear: String(settings.foundedYear),
    street: settings.street,
    postalCode: settings.postalCode,
    city: settings.city,
    country: settings.country,
    countryCode: settings.countryCode,
    federalState: settings.federalState ?? '',
    latitude: String(settings.map.latitude),
    longitude: String(settings.map.longitude),
    phone: settings.phone,
    email: settings.email,
    website: settings.website,
    openingHoursDe: de(settings.openingHours),
    openingHoursEn: en(settings.openingHours),
    jobsContact: settings.jobsContact,
    managingDirectors: settings.managingDirectors.join('\n'),
    management: settings.management ?? '',
    registerCourt: settings.register.court,
    registerNumber: settings.register.number,
    vatId: settings.vatId,
    taxNumber: settings.taxNumber,
    supervisoryChamber: settings.supervisoryChamber,
    partners: settings.partners.map((p) => ({ ...p })),
    statistics: settings.statistics.map((s) => ({ value: String(s.value), labelDe: de(s.label), labelEn: en(s.label) })),
    personName: settings.person.name,
    personPositionDe: de(settings.person.position),
    personPositionEn: en(settings.person.position),
    personQuoteDe: de(settings.person.quote),
    personQuoteEn: en(settings.person.quote),
    personPicture: settings.person.picture,
    logo: settings.logo ?? '',
  };
}

/** A typed number: German decimal commas are taken; an empty field is no number. */
function numberOf(value: string): number {
  const text = value.trim().replace(',', '.');
  return text === '' ? Number.NaN : Number(text);
}

/** The PUT body of the form's values (not yet checked). */
export function companyDetailsInput(values: CompanyFormValues): CompanyDetailsInput {
  return {
    name: values.name,
    legalName: values.legalName,
    legalForm: values.legalForm,
    foundedYear: numberOf(values.foundedYear),
    street: values.street,
    postalCode: values.postalCode,
    city: values.city,
    country: values.country,
    countryCode: values.countryCode.trim().toUpperCase(),
    federalState: values.federalState || null,
    map: { latitude: numberOf(values.latitude), longitude: numberOf(values.longitude) },
    phone: values.phone,
    email: values.email,
    website: values.website,
    openingHours: localizedTexts(values.openingHoursEn, values.openingHoursDe),
    jobsContact: values.jobsContact,
    managingDirectors: values.managingDirectors
      .split('\n')
      .map((n) => n.trim())
      .filter(Boolean),
    ...(values.management ? { management: values.management } : {}),
    register: { court: values.registerCourt, number: values.registerNumber },
    vatId: values.vatId,
    taxNumber: values.taxNumber,
    supervisoryChamber: values.supervisoryChamber,
    partners: values.partners.map((p) => ({ name: p.name, url: p.url.trim(), logo: p.logo })),
    statistics: values.statistics.map((s) => ({ value: numberOf(s.value), label: localizedTexts(s.labelEn, s.labelDe) })),
    person: {
      name: values.personName,
      position: localizedTexts(values.personPositionEn, values.personPositionDe),
      quote: localizedTexts(values.personQuoteEn, values.personQuoteDe),
      picture: values.personPicture,
    },
    logo: values.logo === '' ? null : values.logo,
  };
}

/** The form field an issue of the contract's schema belongs to (its path in the PUT body → the form's name). */
export function formFieldOf(path: readonly PropertyKey[]): string {
  const [first, second, third] = path.map(String);
  switch (first) {
    case 'map':
      return second ?? 'latitude';
    case 'register':
      return second === 'number' ? 'registerNumber' : 'registerCourt';
    case 'managingDirectors':
      return 'managingDirectors';
    case 'openingHours':
      return 'openingHoursDe';
    case 'partners':
      return second === undefined ? 'partners' : `partners.${second}.${third ?? 'name'}`;
    case 'statistics':
      if (second === undefined) return 'statistics';
      return third === 'label' ? `statistics.${second}.labelDe` : `statistics.${second}.value`;
    case 'person':
      if (second === 'position' || second === 'quote') return `person${second[0]!.toUpperCase()}${second.slice(1)}De`;
      return second === 'picture' ? 'personPicture' : 'personName';
    default:
      return first ?? 'name';
  }
}

/** The locale key (admin namespace) of an issue: the fields with a format say which one they expect. */
export function issueMessageKey(field: string, issue: { code: string; origin?: unknown }): string {
  if (field === 'email') return 'companyDetails:validation.email';
  if (field === 'vatId') return 'companyDetails:validation.vatId';
  if (field === 'phone') return 'companyDetails:validation.phone';
  if (field === 'website' || /^partners\.\d+\.url$/.test(field)) return 'companyDetails:validation.url';
  if (field === 'latitude' || field === 'longitude') return 'companyDetails:validation.coordinate';
  // A text too short is an empty one; a number out of range is just invalid.
  if (issue.code === 'too_small' && issue.origin === 'string') return 'validation.required';
  if (issue.code === 'too_big' && issue.origin === 'string') return 'validation.tooLong';
  return 'validation.invalid';
}

/**
 * The contract's check of the PUT, a module of its own: the company tab's first frame builds no
 * schema (about 50 ms at 4×, issue 46); it loads when the browser is idle after the form shows, or
 * at the form's first check.
 */
export const loadCompanyCheck = () => import('./company-check');

/** Checks the form with the contract's schema of the PUT; messages are locale keys of the admin namespace. */
export const companyFormResolver: Resolver<CompanyFormValues> = async (values) => {
  // Not loaded (the network gone): the save goes to the server, which checks it with the same
  // schema and answers each field's problem, or fails as the network does.
  const check = await loadCompanyCheck().catch(() => undefined);
  if (!check) return { values, errors: {} };
  const result = check.checkCompanyDetails(companyDetailsInput(values));
  if (result.success) return { values, errors: {} };
  const errors: Record<string, FieldError> = {};
  for (const issue of result.error.issues) {
    const field = formFieldOf(issue.path);
    errors[field] ??= { type: issue.code, message: issueMessageKey(field, issue) };
  }
  return { values: {}, errors: nest(errors) };
};

/** `partners.0.url` → `{partners: [{url}]}`: react-hook-form reads errors at the field's path. */
function nest(flat: Record<string, FieldError>): FieldErrors<CompanyFormValues> {
  const root: Record<string, unknown> = {};
  for (const [path, error] of Object.entries(flat)) {
    const keys = path.split('.');
    let node = root;
    keys.slice(0, -1).forEach((key, i) => {
      node[key] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {};
      node = node[key] as Record<string, unknown>;
    });
    node[keys.at(-1)!] = error;
  }
  return root as FieldErrors<CompanyFormValues>;
}
