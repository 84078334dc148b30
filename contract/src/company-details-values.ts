// Zod-free: the staff pages' frame (footer, names) reads these, and the company tab its choices and
// limits, without building the company's schemas (issue 46, decision 072).
import { company, type companyInterpolation } from './company';
import type { CompanyDetails } from './company-details';

const both = (de: string, en: string) => [
  { content: en, language: 1 as const },
  { content: de, language: 2 as const },
];

/** The settings of a new site: exactly the placeholder company the site shipped with (company.ts). */
export const defaultCompanyDetails: CompanyDetails = {
  name: company.name,
  legalName: company.legalName,
  legalForm: company.legalForm,
  street: company.street,
  postalCode: company.postalCode,
  city: company.city,
  country: company.country,
  countryCode: company.countryCode,
  phone: company.phone,
  email: company.email,
  website: company.website,
  managingDirectors: [company.ceo.name],
  jobsContact: company.jobsContact,
  register: { court: company.register.court, number: company.register.number },
  vatId: company.vatId,
  taxNumber: company.taxNumber,
  supervisoryChamber: company.supervisoryChamber,
  foundedYear: company.foundedYear,
  map: { latitude: company.map.latitude, longitude: company.map.longitude },
  openingHours: both('Mo.–Fr. 7:00–16:30 Uhr', 'Mon–Fri, 7 am – 4:30 pm'),
  partners: company.partners.map((p) => ({ name: p.name, url: p.url, logo: p.logo })),
  statistics: [
    { value: company.statistics.substations, label: both('Geschützte Umspannwerke', 'Substations protected') },
    { value: company.statistics.roofArea, label: both('Geschützte Dachfläche (m²)', 'Roof area protected (m²)') },
    {
      value: company.statistics.groundingCable,
      label: both('Verlegte Erdungs\u00adleitungen (m)', 'Earthing conductors installed (m)'),
    },
    { value: company.statistics.dataCenters, label: both('Betreute Rechenzentren', 'Data centres protected') },
    { value: company.statistics.activeProjects, label: both('Laufende Projekte', 'Active projects') },
    { value: company.statistics.completedProjects, label: both('Abge\u00adschlossene Projekte', 'Completed projects') },
  ],
  person: {
    name: company.ceo.name,
    position: both(company.ceo.title.de, company.ceo.title.en),
    quote: both(
      'Einen guten Blitzschutz bemerkt man nicht – bis zu dem Tag, an dem er gebraucht wird. Deshalb bauen wir jede Anlage so, als käme der Einschlag schon morgen.',
      'You don’t notice good lightning protection – until the day you need it. That’s why we build every system as if the strike were coming tomorrow.',
    ),
    picture: 'ceo-portrait',
  },
  logo: null,
  federalState: null,
};

/**
 * Whether the placeholder company is still in place: its legal name, VAT ID or e-mail address is
 * still the sample's. The dashboard asks the first admin to put the real details in.
 */
export function isSampleCompany(settings: CompanyDetails): boolean {
  return (
    settings.legalName === defaultCompanyDetails.legalName ||
    settings.vatId === defaultCompanyDetails.vatId ||
    settings.email === defaultCompanyDetails.email
  );
}

/** The OpenStreetMap addresses of a map position: the (consent-gated) embed and the link to open it. */
export function mapUrls(latitude: number, longitude: number): { embedUrl: string; linkUrl: string } {
  const round = (n: number) => Number(n.toFixed(4));
  const bbox = [longitude - 0.01, latitude - 0.005, longitude + 0.01, latitude + 0.005].map(round).join('%2C');
  return {
    embedUrl: `https://www.openstreetmap.org/export/embed.html?bbox=${bbox}&layer=mapnik&marker=${round(latitude)}%2C${round(longitude)}`,
    linkUrl: `https://www.openstreetmap.org/?mlat=${round(latitude)}&mlon=${round(longitude)}#map=16/${round(latitude)}/${round(longitude)}`,
  };
}

/**
 * The `tel:` address of a phone number as staff typed it (`+49 (0)6181 123-456` →
 * `tel:+496181123456`): digits and a leading plus only; the national "(0)" of an international
 * number is not dialled.
 */
export function phoneHref(phone: string): string {
  const international = phone.trim().startsWith('+');
  const digits = (international ? phone.replace(/\(0\)/g, '') : phone).replace(/\D/g, '');
  return `tel:${international ? '+' : ''}${digits}`;
}

/** The values every translation may interpolate ("{{companyName}}", see company.ts), from saved details. */
export function companyInterpolationOf(settings: CompanyDetails): Record<keyof typeof companyInterpolation, string> {
  return {
    companyName: settings.name,
    legalName: settings.legalName,
    street: settings.street,
    postalCode: settings.postalCode,
    city: settings.city,
    phone: settings.phone,
    email: settings.email,
    ceoName: settings.managingDirectors.join(', '),
    jobsContact: settings.jobsContact,
    registerCourt: settings.register.court,
    registerNumber: settings.register.number,
    vatId: settings.vatId,
    taxNumber: settings.taxNumber,
    supervisoryChamber: settings.supervisoryChamber,
    website: settings.website,
  };
}

/**
 * The German federal states (ISO 3166-2:DE without the "DE-"), as the company's details name the
 * one it sits in: its public holidays are not working days when the inbox counts the two working
 * days after which an inquiry is unanswered (decision 048). None chosen: the nationwide holidays only.
 */
export const federalStates = [
  'BW',
  'BY',
  'BE',
  'BB',
  'HB',
  'HH',
  'HE',
  'MV',
  'NI',
  'NW',
  'RP',
  'SL',
  'SN',
  'ST',
  'SH',
  'TH',
] as const;
export type FederalState = (typeof federalStates)[number];

/** Limits the dashboard form shows and the server enforces. */
export const companyDetailsLimits = { maxPartners: 12, statistics: 6, maxManagingDirectors: 5 } as const;

/** The choices for the managing directors' title: one woman, one man, several. */
export const managementKinds = ['woman', 'man', 'several'] as const;
export type ManagementKind = (typeof managementKinds)[number];

/** The text key (common namespace) of the managing directors' title, and its count for the plural. */
export function managementTitle(settings: Pick<CompanyDetails, 'managingDirectors' | 'management'>): {
  key: 'managingDirector' | 'managingDirectorWoman' | 'management';
  count: number;
} {
  if (settings.management === 'woman') return { key: 'managingDirectorWoman', count: 1 };
  if (settings.management === 'man') return { key: 'managingDirector', count: 1 };
  if (settings.management === 'several') return { key: 'management', count: 2 };
  return { key: 'managingDirector', count: settings.managingDirectors.length };
}
