import { z } from 'zod';
import {
  ContentLanguage,
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
 * The project modal. Both titles and both scopes of works are required (starred: DESIGN.md §5);
 * a picture is required for a new project, and optional on Edit, where none keeps the current one.
 */
export function projectFormSchema(mode: 'create' | 'edit') {
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
    /** A data URL of a newly chosen picture; '' = none chosen. */
    picture: mode === 'create' ? z.string().min(1, 'validation.pictureRequired') : z.string(),
  });
}
export type ProjectFormSchema = ReturnType<typeof projectFormSchema>;
export type ProjectFormValues = z.input<ProjectFormSchema>;
type ProjectFormOutput = z.output<ProjectFormSchema>;

/** '0' is the spec's "no category" ('Select Category'). */
export const noCategory = '0';

/** Empty for Add, the project's values for Edit (the picture stays as it is unless a new one is chosen). */
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
    picture: '',
  };
}

function projectFields(values: ProjectFormOutput): Omit<ProjectCreate, 'picture'> {
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

export function projectCreatePayload(values: ProjectFormOutput): ProjectCreate {
  return { ...projectFields(values), picture: values.picture };
}

/** An update sends a picture only when a new one was chosen: leaving it out keeps the current one. */
export function projectUpdatePayload(id: number, values: ProjectFormOutput, updatedAt?: string): ProjectUpdate {
  return {
    id,
    ...projectFields(values),
    ...(values.picture ? { picture: values.picture } : {}),
    // The version the form started from: a save over someone else's change is refused (409).
    ...(updatedAt ? { updatedAt } : {}),
  };
}
