import { useQuery } from '@tanstack/react-query';
import { type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { touchDragHandlers } from './use-touch-drag';
import { useTranslation } from 'react-i18next';
import { type Project, contentLanguageOf, featuredLimit, pickText } from '@blitz/contract';
import { secondaryButton, smallButton } from '../../../components/admin/button-classes';
import { CommandError } from '../../../components/admin/command-error';
import { ListStatus } from '../../../components/admin/list-status';
import {
  featuredProjectsQueryOptions,
  featuredUpdate,
  projectOrderQueryOptions,
  useMoveProject,
  useSaveProject,
} from '../api/projects';
import { moveInList } from './project-order';

type ListName = 'gallery' | 'featured';
/** A button to give the focus back to after its row moved (React moves the row's element, which drops the focus). */
type FocusTarget = { list: ListName; id: number; action: string };

const button = `${secondaryButton} ${smallButton}`;

/**
 * The reorder view: every project in the staff's order, unpaginated, moved by dragging or by
 * keyboard (up, down, to the top, to the end, to a position); and the featured selection of the
 * home page, in its own order. Each move is one request; the list shows the new order at once.
 */
export function ProjectOrderView() {
  const { t, i18n } = useTranslation('projectEditing');
  const language = contentLanguageOf(i18n.language === 'en' ? 'en' : 'de');
  const order = useQuery(projectOrderQueryOptions());
  const featured = useQuery(featuredProjectsQueryOptions());
  const move = useMoveProject();
  const save = useSaveProject();
  const [announcement, setAnnouncement] = useState('');
  const [focus, setFocus] = useState<FocusTarget>();
  const [dragged, setDragged] = useState<number>();
  const [dropTarget, setDropTarget] = useState<number>();
  const root = useRef<HTMLDivElement>(null);
  const galleryHint = useId();
  const featuredHeading = useId();
  const galleryHeading = useId();

  const name = (p: Project) => pickText(p.title, language) || p.location || `#${p.id}`;
  const projects = order.data ?? [];
  const selection = featured.data ?? [];
  // Moves are not held back while one is under way: each is computed from the order shown, which
  // already has the earlier ones, and the server takes them in turn. Featuring waits for the save.
  const saving = save.isPending;

  // Only where the focus was lost (to the document's body): a focus the user moved on stays.
  useEffect(() => {
    if (!focus || !root.current) return;
    if (document.activeElement && document.activeElement !== document.body) return;
    const row = root.current.querySelector<HTMLElement>(`[data-list="${focus.list}"] [data-project-id="${focus.id}"]`);
    const target = row?.querySelector<HTMLElement>(`[data-action="${focus.action}"]:not(:disabled)`) ?? row;
    target?.focus();
  });

  function moveTo(list: ListName, rows: Project[], project: Project, index: number, action?: string) {
    const result = moveInList(rows, project.id, index);
    if (!result) return;
    const position = result.reordered.indexOf(project) + 1;
    move.mutate(
      { id: project.id, after: result.after, list, reordered: result.reordered },
      {
        onSuccess: () =>
          setAnnouncement(
            t(list === 'featured' ? 'order.movedFeatured' : 'order.moved', {
              name: name(project),
              position,
              total: result.reordered.length,
            }),
          ),
      },
    );
    setFocus(action ? { list, id: project.id, action } : undefined);
  }

  function toggleFeatured(project: Project) {
    const next = !project.featured;
    save.mutate(featuredUpdate(project, next), {
      onSuccess: () => setAnnouncement(t(next ? 'order.featuredOn' : 'order.featuredOff', { name: name(project) })),
    });
    setFocus({ list: 'gallery', id: project.id, action: 'feature' });
  }

  /** A row dragged by touch, let go over another row (or nowhere: nothing moves). */
  function onTouchDrop(id: number, targetId: number | undefined) {
    setDragged(undefined);
    setDropTarget(undefined);
    const project = projects.find((p) => p.id === id);
    const index = projects.findIndex((p) => p.id === targetId);
    if (project && index >= 0 && targetId !== id) moveTo('gallery', projects, project, index);
  }

  function onDrop(event: DragEvent, index: number) {
    event.preventDefault();
    const id = Number(event.dataTransfer.getData('text/plain'));
    const project = projects.find((p) => p.id === id);
    setDragged(undefined);
    setDropTarget(undefined);
    if (project) moveTo('gallery', projects, project, index);
  }

  const moveButtons = (list: ListName, rows: Project[], project: Project, index: number) => {
    const last = rows.length - 1;
    const items: ['top' | 'up' | 'down' | 'bottom', number, boolean, string][] = [
      ['top', 0, index === 0, '⤒'],
      ['up', index - 1, index === 0, '↑'],
      ['down', index + 1, index === last, '↓'],
      ['bottom', last, index === last, '⤓'],
    ];
    return items
      .filter(([action]) => list === 'gallery' || action === 'up' || action === 'down')
      .map(([action, to, disabled, symbol]) => (
        <button
          key={action}
          type="button"
          className={button}
          data-action={action}
          disabled={disabled}
          aria-label={t(`order.${action}`, { name: name(project) })}
          title={t(`order.${action}`, { name: name(project) })}
          onClick={() => moveTo(list, rows, project, to, action)}
        >
          <span aria-hidden="true">{symbol}</span>
        </button>
      ));
  };

  return (
    <div ref={root} className="space-y-8">
      <section aria-labelledby={featuredHeading} className="rounded-lg border border-slate-300 bg-white p-4">
        <h3 id={featuredHeading} className="text-lg font-semibold text-slate-900">
          {t('order.featuredHeading')}
        </h3>
        <p className="mt-1 text-sm text-slate-700">{t('order.featuredHint', { max: featuredLimit })}</p>
        {featured.data ? (
          selection.length === 0 ? (
            <p className="mt-3 text-sm text-slate-700">{t('order.featuredEmpty')}</p>
          ) : (
            <ol data-list="featured" className="mt-3 space-y-2">
              {selection.map((project, index) => (
                <li
                  key={project.id}
                  data-project-id={project.id}
                  tabIndex={-1}
                  className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 px-3 py-2"
                >
                  <span className="w-6 text-right font-semibold tabular-nums text-slate-700">{index + 1}.</span>
                  <span className="min-w-40 flex-1 font-medium text-slate-900">{name(project)}</span>
                  <span className="flex gap-2">{moveButtons('featured', selection, project, index)}</span>
                </li>
              ))}
            </ol>
          )
        ) : (
          <ListStatus query={featured} />
        )}
      </section>

      <section aria-labelledby={galleryHeading}>
        <h3 id={galleryHeading} className="text-lg font-semibold text-slate-900">
          {t('order.galleryHeading')}
        </h3>
        <p id={galleryHint} className="mt-1 text-sm text-slate-700">
          {t('order.galleryHint')}
        </p>
        {move.error || save.error ? <CommandError error={move.error ?? save.error} /> : null}
        {order.data ? (
          projects.length === 0 ? (
            <p className="mt-3 text-slate-700">{t('empty')}</p>
          ) : (
            <ol data-list="gallery" aria-describedby={galleryHint} className="mt-3 space-y-2">
              {projects.map((project, index) => (
                <li
                  key={project.id}
                  data-project-id={project.id}
                  tabIndex={-1}
                  draggable
                  onDragStart={(event) => {
                    event.dataTransfer.setData('text/plain', String(project.id));
                    event.dataTransfer.effectAllowed = 'move';
                    setDragged(project.id);
                  }}
                  onDragEnd={() => {
                    setDragged(undefined);
                    setDropTarget(undefined);
                  }}
                  onDragOver={(event) => {
                    event.preventDefault();
                    event.dataTransfer.dropEffect = 'move';
                    if (dropTarget !== project.id) setDropTarget(project.id);
                  }}
                  onDrop={(event) => onDrop(event, index)}
                  className={`flex flex-wrap items-center gap-3 rounded-md border bg-white px-3 py-2 ${
                    dropTarget === project.id && dragged !== project.id
                      ? 'border-brand-700 ring-2 ring-brand-700'
                      : 'border-slate-300'
                  } ${dragged === project.id ? 'opacity-60' : ''}`}
                >
                  <span
                    aria-hidden="true"
                    data-drag-handle
                    className="-m-2 cursor-grab touch-none p-2 text-xl leading-none text-slate-600 select-none"
                    title={t('order.drag')}
                    {...touchDragHandlers({
                      id: project.id,
                      onStart: setDragged,
                      onOver: setDropTarget,
                      onDrop: onTouchDrop,
                    })}
                  >
                    ⠿
                  </span>
                  <span className="w-8 text-right font-semibold tabular-nums text-slate-700">{index + 1}.</span>
                  <span className="min-w-40 flex-1">
                    <span className="block font-medium text-slate-900">{name(project)}</span>
                    {project.location ? <span className="block text-sm text-slate-700">{project.location}</span> : null}
                  </span>
                  <span className="flex flex-wrap items-center gap-2">
                    {moveButtons('gallery', projects, project, index)}
                    <PositionForm
                      current={index + 1}
                      name={name(project)}
                      count={projects.length}
                      onMove={(position) => moveTo('gallery', projects, project, position - 1, 'position')}
                    />
                    <button
                      type="button"
                      className={`${button} aria-pressed:border-brand-700 aria-pressed:bg-brand-50 aria-pressed:text-brand-900`}
                      data-action="feature"
                      aria-pressed={project.featured}
                      disabled={saving || (!project.featured && selection.length >= featuredLimit)}
                      title={
                        !project.featured && selection.length >= featuredLimit
                          ? t('order.featuredFull', { max: featuredLimit })
                          : undefined
                      }
                      onClick={() => toggleFeatured(project)}
                    >
                      <span aria-hidden="true">{project.featured ? '★' : '☆'}</span>
                      {t('order.feature')}
                      <span className="sr-only"> {name(project)}</span>
                    </button>
                  </span>
                </li>
              ))}
            </ol>
          )
        ) : (
          <ListStatus query={order} />
        )}
      </section>
      <p aria-live="polite" className="sr-only">
        {announcement}
      </p>
    </div>
  );
}

/** "To position N": a number and a button, for keyboards and long lists. */
function PositionForm({
  current,
  name,
  count,
  onMove,
}: {
  current: number;
  name: string;
  count: number;
  onMove: (position: number) => void;
}) {
  const { t } = useTranslation('projectEditing');
  const [value, setValue] = useState('');
  const inputId = useId();
  const position = Number(value);
  const valid = Number.isInteger(position) && position >= 1 && position <= count;
  return (
    <form
      className="flex items-center gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        if (!valid) return;
        setValue('');
        onMove(position);
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        {t('order.positionLabel', { name, total: count })}
      </label>
      <input
        id={inputId}
        type="number"
        inputMode="numeric"
        min={1}
        max={count}
        placeholder={String(current)}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        className="w-16 rounded-md border border-slate-400 px-2 py-1 text-sm tabular-nums"
      />
      <button type="submit" className={button} data-action="position" disabled={!valid}>
        {t('order.toPosition')}
        <span className="sr-only"> {name}</span>
      </button>
    </form>
  );
}
