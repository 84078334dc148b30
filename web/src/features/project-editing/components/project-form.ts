import { z } from 'zod';
import {
  ContentLanguage,
  type PictureInput,
  type Project,
  type ProjectCreate,
  type ProjectUpdate,
  localizedTextSchema,
  projectCreateSchema,
} from '@blitz/contract';
import { localizedTexts, textIn } from '../../../components/admin/localized-fields';

// The limits come from the contract's own field schemas, so that form and server agree.
const titleText = projectCreateSchema.shape.title.element.shape.content;
const longText = localizedTextSchema.shape.content;
const line = projectCreateSchema.shape.location.unwrap();

/**
 * The project modal. Both titles and both scopes of works are required (starred: DESIGN.md §5).
 * The pictures are a list of their own (picture-list.ts): at least one, each with its German and
 * English alternative text unless decorative.
 */
export function projectFormSchema() {
  return z.object({
    titleEn: titleText,
    titleDe: titleText,
    location: line,
    client: line,
    workDuration: line,
    categoryID: z.string(),
    scopeEn: longText.min(1),
    scopeDe: longText.min(1),
    contentEn: longText,
    contentDe: longText,
    featured: z.boolean(),
  });
}
export type ProjectFormSchema = ReturnType<typeof projectFormSchema>;
export type ProjectFormValues = z.input<ProjectFormSchema>;
type ProjectFormOutput = z.output<ProjectFormSchema>;

/** '0' is the spec's "no category" ('Select Category'). */
export const noCategory = '0';

/** Empty for Add, the project's values for Edit. */
export function projectFormValues(project?: Project): ProjectFormValues {
  return {
    titleEn: textIn(project?.title, ContentLanguage.English),
    titleDe: textIn(project?.title, ContentLanguage.German),
    location: project?.location ?? '',
    client: project?.client ?? '',
    workDuration: project?.workDuration ?? '',
    categoryID: project?.categoryID ? String(project.categoryID) : noCategory,
    scopeEn: textIn(project?.scopeOfWorks, ContentLanguage.English),
    scopeDe: textIn(project?.scopeOfWorks, ContentLanguage.German),
    contentEn: textIn(project?.content, ContentLanguage.English),
    contentDe: textIn(project?.content, ContentLanguage.German),
    featured: project?.featured ?? false,
  };
}

function projectFields(values: ProjectFormOutput): Omit<ProjectCreate, 'picture' | 'pictures'> {
  return {
    title: localizedTexts(values.titleEn, values.titleDe),
    scopeOfWorks: localizedTexts(values.scopeEn, values.scopeDe),
    content: localizedTexts(values.contentEn, values.contentDe),
    location: values.location,
    client: values.client,
    workDuration: values.workDuration,
    categoryID: values.categoryID,
    featured: values.featured,
  };
}

export function projectCreatePayload(values: ProjectFormOutput, pictures: PictureInput[]): ProjectCreate {
  return { ...projectFields(values), pictures };
}

/** An update states the whole list of pictures: kept ones by their url, new ones by their file part. */
export function projectUpdatePayload(id: number, values: ProjectFormOutput, pictures: PictureInput[]): ProjectUpdate {
  return { id, ...projectFields(values), pictures };
}
