import type { Category, CategoryList, CompanyDetailsRead, Project, ProjectList, ProjectPicture } from '@blitz/contract';
import { federalStates, managementKinds } from '@blitz/contract';
import {
  answerReader,
  arrayOf,
  assertShape,
  isBoolean,
  isInteger,
  isNumber,
  isString,
  localizedTexts,
  nullable,
  objectOf,
  optional,
} from './answer-reader';

/**
 * The categories', projects' and company details' answers, read without zod (issue 46, decision
 * 072): built when their tab first opened, the contract's schemas for them took 40–130 ms at 4× of
 * the 300 ms a tab may take, more than the list's own render. The lists, their actions, the
 * audit trail and the company form read them so; what staff type is checked with the schemas,
 * loaded after the list (the dialogs) or at the form's first check (the company's).
 * As lib/answer-reader.ts: each reader checks the fields the dashboard reads, and
 * `content-answers.test.ts` holds it to the contract's schema.
 */

const category = (value: unknown, what: string): Category => {
  const row = objectOf(value, what);
  assertShape(isInteger(row['id']) && isString(row['name']), `${what}: id, name`);
  assertShape(optional(row['updatedAt'], isString), `${what}: updatedAt`);
  const read: Category = {
    id: row['id'],
    name: row['name'],
    translation: localizedTexts(row['translation'], `${what}.translation`),
  };
  if (row['updatedAt'] !== undefined) read.updatedAt = row['updatedAt'] as string;
  return read;
};

/** A category as saved (`POST` and `PUT /api/v1/Category`). */
export const categoryAnswer = answerReader<Category>((data) => category(data, 'category'));

/** `GET /api/v1/Category`: every category with both translations. */
export const categoryListAnswer = answerReader<CategoryList>((data) => {
  const answer = objectOf(data, 'categories');
  assertShape(isInteger(answer['count']), 'categories: count');
  return { data: arrayOf(answer['data'], 'categories.data', category), count: answer['count'] };
});

const pictureSources = (value: unknown, what: string) =>
  arrayOf(value, what, (item, at) => {
    const source = objectOf(item, at);
    assertShape(isString(source['url']) && isInteger(source['width']) && isString(source['type']), `${at}: url, width, type`);
    return source;
  });

const sized = (value: unknown, what: string) => {
  const frame = objectOf(value, what);
  assertShape(isInteger(frame['width']) && isInteger(frame['height']), `${what}: width, height`);
  return frame;
};

function picture(value: unknown, what: string): ProjectPicture {
  const read = sized(value, what);
  assertShape(isString(read['url']) && isBoolean(read['decorative']), `${what}: url, decorative`);
  pictureSources(read['sources'], `${what}.sources`);
  if (read['frame'] !== null) pictureSources(sized(read['frame'], `${what}.frame`)['sources'], `${what}.frame.sources`);
  if (read['shareImage'] !== null) {
    const share = sized(read['shareImage'], `${what}.shareImage`);
    assertShape(isString(share['url']) && isString(share['type']), `${what}.shareImage: url, type`);
  }
  localizedTexts(read['alt'], `${what}.alt`);
  const focus = objectOf(read['focus'], `${what}.focus`);
  assertShape(isNumber(focus['x']) && isNumber(focus['y']), `${what}.focus: x, y`);
  assertShape(
    optional(read['libraryFileId'], (id) => nullable(id, isInteger)),
    `${what}: libraryFileId`,
  );
  return read as ProjectPicture;
}

const textLists = [
  'title',
  'content',
  'scopeOfWorks',
  'locationTranslations',
  'workDurationTranslations',
  'searchTitle',
  'searchDescription',
];

/** The values a project and its draft of changes both have (the contract's `projectValuesShape`). */
function projectValues(values: Record<string, unknown>, what: string) {
  for (const key of textLists) localizedTexts(values[key], `${what}.${key}`);
  for (const key of ['location', 'workDuration', 'client', 'picture']) assertShape(isString(values[key]), `${what}: ${key}`);
  for (const key of ['pictureWidth', 'pictureHeight']) assertShape(optional(values[key], isInteger), `${what}: ${key}`);
  pictureSources(values['pictureSources'], `${what}.pictureSources`);
  arrayOf(values['pictures'], `${what}.pictures`, picture);
  assertShape(nullable(values['categoryID'], isInteger) && isString(values['updatedAt']), `${what}: categoryID, updatedAt`);
}

function project(value: unknown, what: string): Project {
  const row = objectOf(value, what);
  assertShape(isInteger(row['id']) && isInteger(row['position']), `${what}: id, position`);
  projectValues(row, what);
  if (row['category'] !== null) category(row['category'], `${what}.category`);
  assertShape(isBoolean(row['published']) && isBoolean(row['featured']), `${what}: published, featured`);
  assertShape(isString(row['createdAt']), `${what}: createdAt`);
  if (row['draft'] !== undefined && row['draft'] !== null)
    projectValues(objectOf(row['draft'], `${what}.draft`), `${what}.draft`);
  return row as Project;
}

/** A project: `GET /api/v1/Project/{id}`, and the answer of each change to one. */
export const projectAnswer = answerReader<Project>((data) => project(data, 'project'));

/** A page of projects (`GET /api/v1/Project`). */
export const projectListAnswer = answerReader<ProjectList>((data) => {
  const answer = objectOf(data, 'projects');
  assertShape(isInteger(answer['count']), 'projects: count');
  return { data: arrayOf(answer['data'], 'projects.data', project), count: answer['count'] };
});

const managementKindSet: ReadonlySet<unknown> = new Set(managementKinds);
const federalStateSet: ReadonlySet<unknown> = new Set(federalStates);
const companyStrings = [
  'name',
  'legalName',
  'legalForm',
  'street',
  'postalCode',
  'city',
  'country',
  'countryCode',
  'phone',
  'email',
  'website',
  'jobsContact',
  'vatId',
  'taxNumber',
  'supervisoryChamber',
] as const;

/** `GET` and `PUT /api/v1/Settings` as staff read them: every field of the company form. */
export const companyDetailsReadAnswer = answerReader<CompanyDetailsRead>((data) => {
  const details = objectOf(data, 'company');
  for (const key of companyStrings) assertShape(isString(details[key]), `company: ${key}`);
  arrayOf(details['managingDirectors'], 'company.managingDirectors', (name, what) => assertShape(isString(name), what));
  assertShape(
    optional(details['management'], (kind) => managementKindSet.has(kind)),
    'company: management',
  );
  const register = objectOf(details['register'], 'company.register');
  assertShape(isString(register['court']) && isString(register['number']), 'company.register: court, number');
  assertShape(isInteger(details['foundedYear']), 'company: foundedYear');
  const map = objectOf(details['map'], 'company.map');
  assertShape(isNumber(map['latitude']) && isNumber(map['longitude']), 'company.map: latitude, longitude');
  localizedTexts(details['openingHours'], 'company.openingHours');
  arrayOf(details['partners'], 'company.partners', (value, what) => {
    const partner = objectOf(value, what);
    assertShape(isString(partner['name']) && isString(partner['url']) && isString(partner['logo']), `${what}: name, url, logo`);
  });
  arrayOf(details['statistics'], 'company.statistics', (value, what) => {
    const figure = objectOf(value, what);
    assertShape(isInteger(figure['value']), `${what}: value`);
    localizedTexts(figure['label'], `${what}.label`);
  });
  const person = objectOf(details['person'], 'company.person');
  assertShape(isString(person['name']) && isString(person['picture']), 'company.person: name, picture');
  localizedTexts(person['position'], 'company.person.position');
  localizedTexts(person['quote'], 'company.person.quote');
  assertShape(nullable(details['logo'], isString), 'company: logo');
  assertShape(
    optional(details['federalState'], (state) => nullable(state, (s) => federalStateSet.has(s))),
    'company: federalState',
  );
  assertShape(optional(details['isSample'], isBoolean), 'company: isSample');
  assertShape(
    optional(details['updatedAt'], (at) => nullable(at, isString)),
    'company: updatedAt',
  );
  // Saved before the federal state was asked for: none, as the contract's default.
  return { ...details, federalState: details['federalState'] ?? null } as CompanyDetailsRead;
});
