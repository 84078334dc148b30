import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Project, SiteLanguage } from '@blitz/contract';
import { CommandError } from '../../../components/admin/command-error';
import { primaryButton, secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { projectPath } from '../../../config/paths';
import { type ProjectStateAction, useProjectState, useStartPreview } from '../api/projects';

/** Where a project stands: a draft, published, or published with a draft of changes. */
export type ProjectState = 'draft' | 'published' | 'changed';

export function projectState(project: Pick<Project, 'published' | 'draft'>): ProjectState {
  if (!project.published) return 'draft';
  return project.draft ? 'changed' : 'published';
}

const badgeClass: Record<ProjectState, string> = {
  draft: 'border-amber-700 bg-amber-50 text-amber-900',
  published: 'border-emerald-700 bg-emerald-50 text-emerald-900',
  changed: 'border-sky-700 bg-sky-50 text-sky-900',
};

/** The state as a small label, for the list and the form. */
export function ProjectStateBadge({ project }: { project: Pick<Project, 'published' | 'draft'> }) {
  const { t } = useTranslation('projectEditing');
  const state = projectState(project);
  return (
    <span className={`inline-block rounded border px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${badgeClass[state]}`}>
      {t(`state.${state}`)}
    </span>
  );
}

const previewAddress = (id: number, lang: SiteLanguage) => `${projectPath(id)}?lang=${lang}`;

/**
 * A saved project's state in its form, with what can be done about it: publish, unpublish,
 * discard the draft of changes, and the preview of its own page in either language (this
 * browser only, the saved values: save first what you typed).
 */
export function ProjectStatePanel({ project, onChanged }: { project: Project; onChanged: (project: Project) => void }) {
  const { t } = useTranslation('projectEditing');
  const change = useProjectState();
  const preview = useStartPreview();
  const [previewOn, setPreviewOn] = useState(false);
  const state = projectState(project);

  const act = (action: ProjectStateAction) => {
    if (action === 'discard' && !window.confirm(t('state.confirmDiscard'))) return;
    change.mutate({ id: project.id, action }, { onSuccess: onChanged });
  };
  const open = (lang: SiteLanguage) =>
    preview.mutate(undefined, {
      onSuccess: () => {
        setPreviewOn(true);
        // Opened once the cookie is set; should the browser block it, the links below open it.
        window.open(previewAddress(project.id, lang), '_blank', 'noopener');
      },
    });

  return (
    <section aria-label={t('state.label')} className="space-y-3 rounded-md border border-slate-300 bg-slate-50 p-3">
      <p className="flex flex-wrap items-center gap-2 text-sm text-slate-800">
        <ProjectStateBadge project={project} />
        <span role="status">{t(`state.${state}Notice`)}</span>
      </p>
      <div className="flex flex-wrap gap-2">
        {state !== 'published' && (
          <button
            type="button"
            className={`${primaryButton} ${smallButton}`}
            disabled={change.isPending}
            onClick={() => act('publish')}
          >
            {state === 'changed' ? t('state.publishChanges') : t('state.publish')}
          </button>
        )}
        {state === 'changed' && (
          <button
            type="button"
            className={`${secondaryButton} ${smallButton}`}
            disabled={change.isPending}
            onClick={() => act('discard')}
          >
            {t('state.discard')}
          </button>
        )}
        {state !== 'draft' && (
          <button
            type="button"
            className={`${secondaryButton} ${smallButton}`}
            disabled={change.isPending}
            onClick={() => act('unpublish')}
          >
            {t('state.unpublish')}
          </button>
        )}
        {(['de', 'en'] as const).map((lang) => (
          <button
            key={lang}
            type="button"
            className={`${secondaryButton} ${smallButton}`}
            disabled={preview.isPending}
            onClick={() => open(lang)}
          >
            {t('state.preview', { language: lang.toUpperCase() })}
          </button>
        ))}
      </div>
      {previewOn && (
        <p className="text-sm text-slate-700">
          {t('state.previewOn')}{' '}
          {(['de', 'en'] as const).map((lang) => (
            <a
              key={lang}
              className="mr-3 font-semibold text-brand-700 underline hover:text-brand-900"
              href={previewAddress(project.id, lang)}
              target="_blank"
              rel="noopener"
            >
              {t('state.previewLink', { language: lang.toUpperCase() })}
            </a>
          ))}
        </p>
      )}
      {change.error || preview.error ? <CommandError error={change.error ?? preview.error} /> : null}
    </section>
  );
}
