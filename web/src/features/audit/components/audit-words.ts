import type { TFunction } from 'i18next';
import type { AuditChange, AuditEntry } from '@blitz/contract';
import type { auditNamespaces } from '../audit-namespaces';

type AuditT = TFunction<typeof auditNamespaces>;

/** What the words need besides the translations: a category's title by its id (the dashboard's language). */
export type AuditWordsContext = { t: AuditT; categoryTitle: (id: string) => string | undefined };

type Language = 'de' | 'en';

const isLanguage = (value: string | undefined): value is Language => value === 'de' || value === 'en';

// A project's localised fields and the labels of the project form (German, English).
const projectTexts: Record<string, [string, string]> = {
  title: ['germanTitle', 'englishTitle'],
  content: ['germanContent', 'englishContent'],
  scopeOfWorks: ['germanScope', 'englishScope'],
  location: ['germanLocation', 'englishLocation'],
  workDuration: ['germanWorkDuration', 'englishWorkDuration'],
};
const projectFields: Record<string, string> = {
  client: 'projectEditing:modal.client',
  categoryId: 'projectEditing:modal.category',
  // The picture field is shared with the company's logo: its label is the dashboard's.
  picture: 'admin:pictureField.picture',
};
const jobFields = [
  'title',
  'tasks',
  'profile',
  'offer',
  'howToApply',
  'location',
  'employmentType',
  'startDate',
  'validThrough',
  'contact',
  'published',
];
const companySections = ['logo', 'partners', 'statistics', 'person'];
// A project's and a job's search entry (decision 059): the labels of the editors' shared section.
const searchEntryTexts = {
  searchTitle: ['admin:searchEntry.germanTitle', 'admin:searchEntry.englishTitle'],
  searchDescription: ['admin:searchEntry.germanDescription', 'admin:searchEntry.englishDescription'],
} as const;

// A page's and a news post's fields (decisions 061, 063), a language in the field's own name
// ("title (de)"), and a library file's (decision 060): the labels of their editors.
const documentFields: Record<string, string | readonly [string, string]> = {
  address: 'pageEditing:fields.address',
  place: 'pageEditing:fields.place',
  placeOrder: 'pageEditing:fields.placeOrder',
  noindex: 'pageEditing:fields.noindex',
  title: ['pageEditing:fields.titleDe', 'pageEditing:fields.titleEn'],
  teaser: ['newsEditing:fields.teaserDe', 'newsEditing:fields.teaserEn'],
  date: 'newsEditing:fields.date',
  publishAt: 'newsEditing:fields.publishTime',
  cover: 'newsEditing:cover.legend',
  sections: 'sectionEditing:sections.heading',
  ...searchEntryTexts,
};
const fileFields: Record<string, string | readonly [string, string]> = {
  title: ['files:form.titleDe', 'files:form.titleEn'],
  alt: ['files:form.altDe', 'files:form.altEn'],
  file: 'files:form.file',
};

/** `field` (with `lang`) by `labels`, if they name it. */
function labelled(
  labels: Record<string, string | readonly [string, string]>,
  field: string,
  lang: Language | undefined,
  t: AuditT,
) {
  const label = labels[field];
  if (typeof label === 'string') return t(label as 'emptyValue');
  return label && lang ? t(label[lang === 'de' ? 0 : 1] as 'emptyValue') : undefined;
}

/**
 * A recorded field as the dashboard's forms name it (decision 036 keeps the field names in
 * `changes` so that the dashboard may say them in its own words): `location` in German of a
 * project is the project form's "Ort (Deutsch)". A field no form names keeps its name.
 */
export function fieldLabel(kind: string, change: Pick<AuditChange, 'field' | 'language'>, t: AuditT): string {
  const { field, language } = change;
  const lang = isLanguage(language) ? language : undefined;
  const inLanguage = (prefix: 'jobEditing:modal' | 'companyDetails:fields', name: string) =>
    lang ? t(lang === 'de' ? `${prefix}.inGerman` : `${prefix}.inEnglish`, { field: name }) : name;
  const other = () => (lang ? `${field} (${t(`textEditing:language.${lang}`)})` : field);
  if ((kind === 'project' || kind === 'job') && lang && (field === 'searchTitle' || field === 'searchDescription'))
    return t(searchEntryTexts[field][lang === 'de' ? 0 : 1]);
  switch (kind) {
    case 'project': {
      const pair = projectTexts[field];
      if (pair && lang) return t(`projectEditing:modal.${pair[lang === 'de' ? 0 : 1]}` as 'projectEditing:modal.germanTitle');
      if (projectFields[field]) return t(projectFields[field] as 'projectEditing:modal.client');
      if (field === 'featured') return t('fields.featured');
      return other();
    }
    case 'category':
      if (field === 'name') return t('categoryEditing:modal.name');
      if (field === 'translation' && lang)
        return t(lang === 'de' ? 'categoryEditing:modal.germanTitle' : 'categoryEditing:modal.englishTitle');
      return other();
    case 'job':
      if (jobFields.includes(field))
        return inLanguage('jobEditing:modal', t(`jobEditing:modal.${field}` as 'jobEditing:modal.title'));
      if (field === 'position') return t('fields.position');
      return other();
    case 'companyDetails':
      if (companySections.includes(field)) return t(`companyDetails:sections.${field}` as 'companyDetails:sections.logo');
      if (t(`companyDetails:fields.${field}` as 'companyDetails:fields.name', { defaultValue: '' }) !== '')
        return inLanguage('companyDetails:fields', t(`companyDetails:fields.${field}` as 'companyDetails:fields.name'));
      return other();
    case 'mailSettings': {
      const recipients = /^recipients\.(generalMessage|priceInquiry|application)$/.exec(field);
      if (recipients) return t('fields.recipients', { type: t(`mailSettings:recipients.${recipients[1] as 'application'}`) });
      if (field === 'sender' || field === 'replyTo' || field === 'notificationLanguage') return t(`mailSettings:${field}`);
      return other();
    }
    case 'mailTemplate':
      if (field === 'subject' || field === 'body') return t(`mailSettings:templates.fields.${field}`);
      return other();
    case 'inquiryType': {
      // `names.de`, `CompanyName.required`, `phone.labels.en`: the forms tab's words (decision 057).
      const setting = /^(?:(\w+)\.)?(names|shown|required|labels|help)(?:\.(de|en))?$/.exec(field);
      if (!setting) return other();
      const [, key, name, language] = setting;
      const words = {
        names: language === 'en' ? 'inquiryTypes:nameEn' : 'inquiryTypes:nameDe',
        shown: 'inquiryTypes:shown',
        required: 'inquiryTypes:required',
        labels: language === 'en' ? 'inquiryTypes:labelEn' : 'inquiryTypes:labelDe',
        help: language === 'en' ? 'inquiryTypes:helpEn' : 'inquiryTypes:helpDe',
      } as const;
      const label = t(words[name as keyof typeof words]);
      return key
        ? t('inquiryTypes:settingOfField', { field: t(`inquiryTypes:fieldNames.${key as 'phone'}`), setting: label })
        : label;
    }
    case 'page':
    case 'news': {
      const section = /^section (\d+) \((\w+)\)$/.exec(field);
      if (section)
        return t('sectionEditing:sections.name', {
          number: section[1],
          kind: t(`sectionEditing:kinds.${section[2] as 'text'}`, { defaultValue: section[2] }),
        });
      const [, name = field, named] = /^(\w+) \((de|en)\)$/.exec(field) ?? [];
      return labelled(documentFields, name, isLanguage(named) ? named : undefined, t) ?? other();
    }
    case 'file':
      return labelled(fileFields, field, lang, t) ?? other();
    case 'user':
      if (field === 'role') return t('accounts:role');
      if (field === 'inquiryTypes') return t('accounts:inquiryTypes');
      return other();
    default:
      return other();
  }
}

/** A recorded value in the dashboard's words: a category by its title, a role or an employment type by its name. */
export function valueWords(kind: string, field: string, value: string, context: AuditWordsContext): string {
  const { t } = context;
  if (value === '') return t('emptyValue');
  const known = (key: string) => t(key as 'emptyValue', { defaultValue: '' }) || value;
  let words = value;
  if (kind === 'project' && field === 'categoryId') words = context.categoryTitle(value) ?? `#${value}`;
  else if (kind === 'job' && field === 'employmentType') words = known(`jobEditing:employmentTypes.${value}`);
  else if (kind === 'user' && field === 'role') words = known(`accounts:roles.${value}`);
  else if (kind === 'mailSettings' && field === 'notificationLanguage') words = known(`mailSettings:languageNames.${value}`);
  else if ((kind === 'page' || kind === 'news') && field === 'place') words = known(`pageEditing:places.${value}`);
  else if ((kind === 'page' || kind === 'news') && field === 'sections')
    words = value
      .split(', ')
      .map((section) => t(`sectionEditing:kinds.${section as 'text'}`, { defaultValue: section }))
      .join(', ');
  else if (kind === 'user' && field === 'inquiryTypes')
    words = value
      .split(', ')
      .map((type) => known(`accounts:types.${type}`))
      .join(', ');
  else if (value === 'true' || value === 'false') words = t(value === 'true' ? 'yes' : 'no');
  return t('quoted', { value: words });
}

/** One change: "Ort (Deutsch): „Hanau“ → „Bonn“", or "… geändert" for a value too long to show. */
export function changeWords(kind: string, change: AuditChange, context: AuditWordsContext): string {
  const field = fieldLabel(kind, change, context.t);
  if (change.before === null || change.after === null) return context.t('changed', { field });
  return context.t('change', {
    field,
    before: valueWords(kind, change.field, change.before, context),
    after: valueWords(kind, change.field, change.after, context),
  });
}

/** The server's English summary of the changes alone (audit.recorder.ts's summaryOf, without a note). */
function englishSummary(changes: readonly AuditChange[]): string {
  return changes
    .map((c) => {
      const name = c.language ? `${c.field} (${c.language})` : c.field;
      if (c.before === null || c.after === null) return `${name} changed`;
      return `${name}: ${JSON.stringify(c.before)} → ${JSON.stringify(c.after)}`;
    })
    .join('; ');
}

/**
 * An entry's change in the dashboard's words. The entry's note (a reason, a count, where a
 * project moved to) is recorded only inside the summary, after the changes: it is shown as the
 * server wrote it.
 */
export function entryWords(entry: Pick<AuditEntry, 'item' | 'summary' | 'changes'>, context: AuditWordsContext): string {
  const changes = entry.changes;
  if (changes.length === 0) return entry.summary;
  const english = englishSummary(changes);
  // Should the summary not start with the changes (an entry of another release), it stays as written.
  if (!entry.summary.startsWith(english)) return entry.summary;
  const note = entry.summary.slice(english.length).replace(/^; /, '');
  const parts = changes.map((change) => changeWords(entry.item.kind, change, context));
  return [...parts, ...(note ? [note] : [])].join('; ');
}

/** An entry's item: its kind in the dashboard's words, and its title where the title is not a word of the server's. */
export function itemWords(entry: Pick<AuditEntry, 'item' | 'changes'>, kindName: string, t: AuditT): string {
  const { kind, id, title } = entry.item;
  // The mail settings are one thing (titled "Mail settings"); the trash has no title; a publish of
  // texts is titled "3 page texts": named here by its count.
  if (kind === 'mailSettings' || kind === 'trash' || !title) return kindName;
  // A mail template by its type, mail and language ("application.confirmation.de"), in the dashboard's words.
  const template = kind === 'mailTemplate' ? /^(\w+)\.(confirmation|notification)\.(de|en)$/.exec(id ?? '') : null;
  if (template)
    return `${kindName}: ${t(`mailSettings:recipients.${template[1] as 'application'}`, { defaultValue: template[1] })}, ${t(
      `mailSettings:templates.kinds.${template[2] as 'confirmation'}`,
    )} (${t(`mailSettings:languageNames.${template[3] as 'de'}`)})`;
  if (kind === 'inquiryType' && id)
    return `${kindName}: ${t(`mailSettings:recipients.${id as 'application'}`, { defaultValue: id })}`;
  if (kind === 'siteText' && id === null) return `${kindName}: ${t('textCount', { count: entry.changes.length })}`;
  return `${kindName}: ${title}`;
}
