import { z } from 'zod';
import {
  ContentLanguage,
  type LocalizedText,
  type PictureInput,
  type Project,
  type ProjectCreate,
  type ProjectUpdate,
  localizedTextSchema,
  projectCreateSchema,
} from '@blitz/contract';
import { localizedTexts, textIn } from '../../../components/admin/localized-fields';
import { searchEntryFormShape, searchEntryFormValues, searchEntryPayload } from '../../../components/admin/search-entry-form';

// The limits come from the contract's own field schemas, so that form and server agree.
const titleText = projectCreateSchema.shape.title.element.shape.content;
const longText = localizedTextSchema.shape.content;
const line = projectCreateSchema.shape.client.unwrap();

/**
 * The project modal. Both titles and both scopes of works are required (starred: DESIGN.md §5).
 * The pictures are a list of their own (picture-list.ts): at least one, each with its German and
 * English alternative text unless decorative.
 */
export function projectFormSchema() {
  return z.object({
    titleEn: titleText,
    titleDe: titleText,
    locationDe: line,
    locationEn: line,
    client: line,
    workDurationDe: line,
    workDurationEn: line,
    categoryID: z.string(),
    scopeEn: longText.min(1),
    scopeDe: longText.min(1),
    contentEn: longText,
    contentDe: longText,
    featured: z.boolean(),
    ...searchEntryFormShape,
  });
}
export type ProjectFormSchema = ReturnType<typeof projectFormSchema>;
export type ProjectFormValues = z.input<ProjectFormSchema>;
type ProjectFormOutput = z.output<ProjectFormSchema>;

/** '0' is the spec's "no category" ('Select Category'). */
export const noCategory = '0';

/** A localised line's value in a language (the read's list, else its string, as an older server sends it). */
function lineIn(translations: LocalizedText[] | undefined, fallback: string | undefined, language: ContentLanguage) {
  return translations ? textIn(translations, language) : (fallback ?? '');
}

/**
 * A localised line as sent: a string (SPEC.md §7's shape, both languages' value) when the two are
 * alike or one is left empty; a list when they differ.
 */
function lineOf(de: string, en: string): ProjectCreate['location'] {
  const [german, english] = [de.trim(), en.trim()];
  if (!german || !english || german === english) return german || english;
  return localizedTexts(english, german);
}

/**
 * Empty for Add, the project's pending values for Edit (its draft of changes if it has one).
 */
export function projectFormValues(stored?: Project): ProjectFormValues {
  const project = stored?.draft ? { ...stored, ...stored.draft } : stored;
  return {
    titleEn: textIn(project?.title, ContentLanguage.English),
    titleDe: textIn(project?.title, ContentLanguage.German),
    locationDe: lineIn(project?.locationTranslations, project?.location, ContentLanguage.German),
    locationEn: lineIn(project?.locationTranslations, project?.location, ContentLanguage.English),
    client: project?.client ?? '',
    workDurationDe: lineIn(project?.workDurationTranslations, project?.workDuration, ContentLanguage.German),
    workDurationEn: lineIn(project?.workDurationTranslations, project?.workDuration, ContentLanguage.English),
    categoryID: project?.categoryID ? String(project.categoryID) : noCategory,
    scopeEn: textIn(project?.scopeOfWorks, ContentLanguage.English),
    scopeDe: textIn(project?.scopeOfWorks, ContentLanguage.German),
    contentEn: textIn(project?.content, ContentLanguage.English),
    contentDe: textIn(project?.content, ContentLanguage.German),
    featured: project?.featured ?? false,
    ...searchEntryFormValues(project),
  };
}

function projectFields(values: ProjectFormOutput): Omit<ProjectCreate, 'picture' | 'pictures'> {
  return {
    title: localizedTexts(values.titleEn, values.titleDe),
    scopeOfWorks: localizedTexts(values.scopeEn, values.scopeDe),
    content: localizedTexts(values.contentEn, values.contentDe),
    location: lineOf(values.locationDe, values.locationEn),
    client: values.client,
    workDuration: lineOf(values.workDurationDe, values.workDurationEn),
    categoryID: values.categoryID,
    featured: values.featured,
    ...searchEntryPayload(values),
  };
}

/** What the form holds, as the page's head reads a project: the search result's preview is made from it. */
export function projectPreview(
  values: ProjectFormValues,
): Pick<Project, 'title' | 'content' | 'scopeOfWorks' | 'location' | 'searchTitle' | 'searchDescription'> {
  return {
    title: localizedTexts(values.titleEn, values.titleDe),
    content: localizedTexts(values.contentEn, values.contentDe),
    scopeOfWorks: localizedTexts(values.scopeEn, values.scopeDe),
    location: values.locationDe.trim() || values.locationEn.trim(),
    ...searchEntryPayload(values),
  };
}

/** `published`: "Publish" (true) or "Save as draft" (false). */
export function projectCreatePayload(values: ProjectFormOutput, pictures: PictureInput[], published = true): ProjectCreate {
  return { ...projectFields(values), pictures, published };
}

/**
 * An update states the whole list of pictures: kept ones by their url, new ones by their file
 * part. `published` false saves a published project's changes as a draft of changes.
 * `updatedAt`: the version the form started from: a save over someone else's change is refused (409).
 */
export function projectUpdatePayload(
  id: number,
  values: ProjectFormOutput,
  pictures: PictureInput[],
  published = true,
  updatedAt?: string,
): ProjectUpdate {
  return { id, ...projectFields(values), pictures, published, ...(updatedAt ? { updatedAt } : {}) };
}
