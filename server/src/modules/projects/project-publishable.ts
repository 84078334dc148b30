import { ContentLanguage } from '@blitz/contract';
import { HttpError } from '../../lib/http-error';
import type { ProjectValues } from './projects.repository';

/**
 * The one check before a project goes live (create published, save and publish, Publish):
 * refused with 400 naming the field. Today only the title in both languages; the pictures'
 * alternative texts (issue 30, another part) plug in here.
 */
export function assertPublishable(values: ProjectValues): void {
  const errors: { field: string; message: string }[] = [];
  for (const language of [ContentLanguage.German, ContentLanguage.English]) {
    if (!values.texts.title.some((t) => t.language === language && t.content.trim() !== ''))
      errors.push({
        field: 'title',
        message: `the ${language === ContentLanguage.German ? 'German' : 'English'} title is missing`,
      });
  }
  if (errors.length > 0)
    throw new HttpError(400, 'validation', `The project cannot be published: ${errors.map((e) => e.message).join('; ')}`, {
      errors,
    });
}
