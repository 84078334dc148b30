// The company's own details: the one place a real company puts its data.
// Every page, the imprint, the mail sender and the structured data read from here.
// The defaults are an obvious placeholder company; while it is in place, the public pages mark
// its legal name as a sample in the visitor's language (isSampleCompany, web's useLegalName).
export const company = {
  name: 'Musterblitz',
  legalName: 'Musterblitz Blitzschutz GmbH',
  legalForm: 'GmbH',
  street: 'Musterstraße 1',
  postalCode: '63450',
  city: 'Hanau',
  country: 'Deutschland',
  countryCode: 'DE',
  phone: '+49 6181 000000',
  phoneHref: 'tel:+496181000000',
  email: 'info@example.com',
  website: 'https://www.example.com',
  ceo: { name: 'Max Mustermann', title: { de: 'Geschäftsführer', en: 'Managing Director' } },
  jobsContact: 'Erika Musterfrau',
  register: { court: 'Amtsgericht Hanau', number: 'HRB 00000' },
  vatId: 'DE000000000',
  taxNumber: '000/000/00000',
  supervisoryChamber: 'Handwerkskammer Frankfurt-Rhein-Main',
  foundedYear: 2005,
  // Where the map points; the embed loads only after the visitor agrees.
  map: {
    latitude: 50.1328,
    longitude: 8.9169,
    embedUrl:
      'https://www.openstreetmap.org/export/embed.html?bbox=8.9069%2C50.1278%2C8.9269%2C50.1378&layer=mapnik&marker=50.1328%2C8.9169',
    linkUrl: 'https://www.openstreetmap.org/?mlat=50.1328&mlon=8.9169#map=16/50.1328/8.9169',
  },
  // Partners shown in the strip on the home page (external links). `logo` names a wordmark in
  // web/src/assets/partners/; these three are fictional placeholders.
  partners: [
    { name: 'Ferrum Erdungstechnik', url: 'https://example.org/ferrum', logo: 'ferrum' },
    { name: 'Ohmwerk Messtechnik', url: 'https://example.org/ohmwerk', logo: 'ohmwerk' },
    { name: 'Voltara Überspannungsschutz', url: 'https://example.org/voltara', logo: 'voltara' },
  ],
  // Targets of the statistics strip on the home page (SPEC.md §9).
  statistics: {
    substations: 8,
    roofArea: 210000,
    groundingCable: 300000,
    dataCenters: 29,
    activeProjects: 40,
    completedProjects: 514,
  },
} as const;

export type Company = typeof company;

/** Values every translation may interpolate, e.g. "{{companyName}}". */
export const companyInterpolation = {
  companyName: company.name,
  legalName: company.legalName,
  street: company.street,
  postalCode: company.postalCode,
  city: company.city,
  phone: company.phone,
  email: company.email,
  ceoName: company.ceo.name,
  jobsContact: company.jobsContact,
  registerCourt: company.register.court,
  registerNumber: company.register.number,
  vatId: company.vatId,
  taxNumber: company.taxNumber,
  supervisoryChamber: company.supervisoryChamber,
  website: company.website,
} as const;
