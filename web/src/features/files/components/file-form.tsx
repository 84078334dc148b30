import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FileKind, type LibraryFile, fileLibraryAccept, fileLibraryLimits, libraryKindOf } from '@blitz/contract';
import { EditConflict, TypedValues, conflictChanges, noConflictChanges } from '../../../components/admin/edit-conflict';
import { FileField, TextField } from '../../../components/admin/form-field';
import { ModalDialog } from '../../../components/admin/modal-dialog';
import { ModalForm } from '../../../components/admin/modal-form';
import { fileSize } from '../../../lib/file-size';
import { useInterfaceLocale } from '../../../lib/use-date-time';
import { useStaleSave } from '../../../components/admin/use-stale-save';
import { fileListOptions } from '../../../components/admin/library-files';
import { useSaveFile } from '../api/files';
import { FileFailure } from './file-failure';

type Texts = { titleDe: string; titleEn: string; altDe: string; altEn: string };
type Field = keyof Texts | 'file';

const textsOf = (file: LibraryFile | undefined): Texts => ({
  titleDe: file?.title.de ?? '',
  titleEn: file?.title.en ?? '',
  altDe: file?.alt?.de ?? '',
  altEn: file?.alt?.en ?? '',
});

const limitOf = (kind: FileKind) => (kind === 'picture' ? fileLibraryLimits.maxPictureBytes : fileLibraryLimits.maxDocumentBytes);

/**
 * Upload a file with its titles (and a picture's alternative texts), German and English side by
 * side; or, for a file of the library (`editing`), change its texts and replace its file, its
 * address kept. What the form can tell before sending (a missing text, a type or size the library
 * does not take, a picture for a document) it says at the field; the rest the server says.
 */
export function FileForm({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: LibraryFile | undefined;
  onClose: () => void;
  onSaved: (file: LibraryFile) => void;
}) {
  const { t, i18n } = useTranslation('files');
  const title = editing && (i18n.language === 'en' ? editing.title.en || editing.title.de : editing.title.de);
  return (
    <ModalDialog open={open} onClose={onClose} size="narrow" title={title ? t('form.editTitle', { title }) : t('form.addTitle')}>
      <FileFormBody editing={editing} onClose={onClose} onSaved={onSaved} />
    </ModalDialog>
  );
}

function FileFormBody({
  editing,
  onClose,
  onSaved,
}: {
  editing: LibraryFile | undefined;
  onClose: () => void;
  onSaved: (file: LibraryFile) => void;
}) {
  const { t } = useTranslation('files');
  const locale = useInterfaceLocale();
  const save = useSaveFile();
  const queryClient = useQueryClient();
  const [texts, setTexts] = useState<Texts>(() => textsOf(editing));
  // The file the form was filled from: its version goes with a save (a stale one is refused, 409).
  const [loaded, setLoaded] = useState(editing);
  const [file, setFile] = useState<File | undefined>();
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [progress, setProgress] = useState<number | undefined>();
  const kind: FileKind | undefined = file ? libraryKindOf(file.name, file.type) : editing?.kind;
  const set = (field: keyof Texts) => (event: { target: { value: string } }) =>
    setTexts((current) => ({ ...current, [field]: event.target.value }));

  const check = (): Partial<Record<Field, string>> => {
    const found: Partial<Record<Field, string>> = {};
    if (!editing && !file) found.file = t('form.fileMissing');
    if (file) {
      const chosen = libraryKindOf(file.name, file.type);
      if (!chosen) found.file = t('errors.type');
      else if (editing && chosen !== editing.kind) found.file = t(`errors.kindMismatch.${editing.kind}`);
      else if (file.size > limitOf(chosen)) found.file = t('errors.tooLarge');
    }
    for (const field of ['titleDe', 'titleEn'] as const) if (!texts[field].trim()) found[field] = t('form.required');
    if (kind === 'picture')
      for (const field of ['altDe', 'altEn'] as const) if (!texts[field].trim()) found[field] = t('form.altRequired');
    return found;
  };

  const send = (checked: boolean) => {
    setProgress(file ? 0 : undefined);
    save.mutate(
      {
        ...(editing ? { id: editing.id } : {}),
        texts: {
          title: { de: texts.titleDe.trim(), en: texts.titleEn.trim() },
          ...(kind === 'picture' ? { alt: { de: texts.altDe.trim(), en: texts.altEn.trim() } } : {}),
          ...(checked && loaded ? { updatedAt: loaded.updatedAt } : {}),
        },
        ...(file ? { file, onProgress: setProgress } : {}),
      },
      { onSuccess: onSaved, onSettled: () => setProgress(undefined) },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length === 0) send(true);
  };
  const labels: Record<keyof Texts, string> = {
    titleDe: t('form.titleDe'),
    titleEn: t('form.titleEn'),
    altDe: t('form.altDe'),
    altEn: t('form.altEn'),
  };
  // Someone saved the file meanwhile (decision 036): their texts into the form, what was typed beside it.
  const stale = useStaleSave({
    save,
    none: noConflictChanges,
    overwrite: () => send(false),
    loadTheirs:
      editing &&
      (async () => {
        const list = await queryClient.fetchQuery({ ...fileListOptions(), staleTime: 0 });
        const theirs = list.data.find((candidate) => candidate.id === editing.id);
        if (!theirs) throw new Error('the file is gone');
        const typed = conflictChanges(
          Object.keys(labels) as (keyof Texts)[],
          { loaded: textsOf(loaded), typed: texts, theirs: textsOf(theirs) },
          (field) => labels[field],
          save.error,
        );
        setTexts(textsOf(theirs));
        setLoaded(theirs);
        return typed;
      }),
  });

  return (
    <ModalForm
      onSubmit={onSubmit}
      onCancel={onClose}
      saving={save.isPending}
      error={undefined}
      submitLabel={{
        idle: editing ? t('form.save') : t('form.upload'),
        busy: progress !== undefined ? t('form.uploading', { percent: Math.round(progress * 100) }) : t('form.saving'),
      }}
    >
      {stale.conflict ? <EditConflict {...stale.conflictProps} /> : save.error ? <FileFailure error={save.error} /> : null}
      <TypedValues changes={stale.typed} />
      <div>
        {editing ? (
          <p className="mb-2 text-sm text-slate-700">
            {t('form.current', { name: editing.originalName, size: fileSize(editing.size, locale) })}
          </p>
        ) : null}
        <FileField
          label={editing ? t('form.replaceFile') : t('form.file')}
          required={!editing}
          accept={fileLibraryAccept}
          hint={editing ? t(`form.replaceHint.${editing.kind}`) : t('form.fileHint')}
          error={errors.file}
          onChange={(event) => setFile(event.target.files?.[0])}
        />
      </div>
      <fieldset className="grid gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-semibold text-slate-800">{t('form.titleLegend')}</legend>
        <TextField
          label={t('form.titleDe')}
          lang="de"
          required
          value={texts.titleDe}
          maxLength={fileLibraryLimits.title}
          error={errors.titleDe}
          onChange={set('titleDe')}
        />
        <TextField
          label={t('form.titleEn')}
          lang="en"
          required
          value={texts.titleEn}
          maxLength={fileLibraryLimits.title}
          error={errors.titleEn}
          onChange={set('titleEn')}
        />
      </fieldset>
      {kind === 'picture' ? (
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-1 text-sm font-semibold text-slate-800">{t('form.altLegend')}</legend>
          <p className="text-sm text-slate-600 sm:col-span-2">{t('form.altHint')}</p>
          <TextField
            label={t('form.altDe')}
            lang="de"
            required
            value={texts.altDe}
            maxLength={fileLibraryLimits.alt}
            error={errors.altDe}
            onChange={set('altDe')}
          />
          <TextField
            label={t('form.altEn')}
            lang="en"
            required
            value={texts.altEn}
            maxLength={fileLibraryLimits.alt}
            error={errors.altEn}
            onChange={set('altEn')}
          />
        </fieldset>
      ) : null}
    </ModalForm>
  );
}
