import { zodResolver } from '@hookform/resolvers/zod';
import type { UseMutationResult } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type DefaultValues, type FieldValues, type Path, type PathValue, useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import type { Category } from '@blitz/contract';
import { isApiError } from '../../../lib/api-client';
import { EditConflict, TypedValues, conflictChanges, noConflictChanges } from '../edit-conflict';
import { formIssueKeys, useFieldError } from '../form-errors';
import { useUnsavedChanges } from '../unsaved-changes';
import { useStaleSave } from '../use-stale-save';
import { documentWithAddress } from './address-words';
import { type SectionDocument, type SectionValues, sectionsOf } from './sections';
import { SectionsSummary, conflictFields, useSectionEditor } from './use-section-editor';

/** What the dialog needs of a document as staff read it (a page, a news post). */
type EditedDocument = SectionDocument & {
  id: number;
  address: string;
  updatedAt: string;
  draft?: (SectionDocument & { address: string }) | null | undefined;
};

type DocumentFormOptions<Doc extends EditedDocument, Values extends FieldValues & { address: string }, Output, Payload> = {
  /** The document to edit; none for Add. */
  document: Doc | undefined;
  /** The documents of the list: an address one of them has is said at the field before anything is sent. */
  documents: readonly Doc[];
  categories: Category[];
  schema: z.ZodType<Output, Values>;
  /** The form's values of a document (empty for none). */
  formValues: (document?: Doc) => Values;
  /** The form's own fields an edit conflict compares (its texts; the sections' come with them), and their labels. */
  compared: readonly string[];
  fieldLabel: (field: string) => string;
  save: UseMutationResult<Doc, Error, Payload>;
  fetchOne: (id: number) => Promise<Doc>;
  /** What a save sends: a new document (`current` undefined) or a change, `version` the one the form started from (none: overwrite). */
  payload: (
    values: Output,
    sections: SectionValues[],
    published: boolean,
    current: Doc | undefined,
    version: string | undefined,
  ) => Payload;
  /** The address's messages: another listed document has it (said as it is typed), the server's 409 and 400 (message keys). */
  addressMessages: { held: (holder: Doc) => string; taken: string; invalid: string };
  onDone: () => void;
};

/**
 * The dialog of a document built from sections (a page, a news post; decisions 062, 065), as
 * the projects' dialog works: its form and its sections, "Publish" and "Save as draft", the
 * address another document has said at the field, the server's refusals put at their fields, the
 * state's actions answering the document anew, and a stale save's recovery (decision 036) that
 * loads their version and keeps what was typed, section texts included, to copy.
 */
export function useDocumentForm<Doc extends EditedDocument, Values extends FieldValues & { address: string }, Output, Payload>(
  options: DocumentFormOptions<Doc, Values, Output, Payload>,
) {
  const { document, save, formValues, addressMessages } = options;
  const fieldError = useFieldError();
  const sections = useSectionEditor(document, options.categories);
  // The document as it is now: the state actions answer it anew.
  const [current, setCurrent] = useState(document);
  // The version the form was filled from; a save of an older one than the server's is refused.
  const [version, setVersion] = useState(document?.updatedAt);
  // What the form was filled from: what this person changed is told apart from the colleague's.
  const [loaded, setLoaded] = useState(() => formValues(document));
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(options.schema, formIssueKeys),
    defaultValues: formValues(document) as DefaultValues<Values>,
  });
  useUnsavedChanges(form.formState.isDirty || sections.changed);

  const addressField = 'address' as Path<Values>;
  const address = useWatch({ control: form.control, name: addressField }) as string;
  const holder = documentWithAddress(options.documents, address, current?.id);
  const addressError = holder ? addressMessages.held(holder) : fieldError(form.getFieldState(addressField, form.formState).error);

  // "Publish" (the form's submit) or "Save as draft", as the projects' editor saves: a live
  // document's changes saved as a draft are its draft of changes, visitors keep the live one.
  const submitAs = (published: boolean, checkVersion = true) =>
    form.handleSubmit(
      (values) => {
        sections.trySave();
        if (sections.invalid.length > 0 || holder) return;
        save.mutate(options.payload(values, sections.sections, published, current, checkVersion ? version : undefined), {
          onSuccess: options.onDone,
          onError: (error) => {
            if (!isApiError(error)) return;
            if (error.fieldErrors.some((e) => e.field === 'address'))
              form.setError(
                addressField,
                { message: error.code === 'conflict' ? addressMessages.taken : addressMessages.invalid },
                { shouldFocus: true },
              );
            sections.refuse(error.fieldErrors);
          },
        });
      },
      () => sections.markTried(),
    );
  const overwrite = submitAs(true, false);

  const label = (key: string) => (options.compared.includes(key) ? options.fieldLabel(key) : sections.fieldLabel(key));
  const stale = useStaleSave({
    save,
    none: noConflictChanges,
    overwrite: () => void overwrite(),
    loadTheirs:
      current &&
      (async () => {
        const theirs = await options.fetchOne(current.id);
        const saved = formValues(theirs);
        const theirSections = sectionsOf(theirs);
        const typedNow = sections.withTexts(form.getValues());
        const typed = conflictChanges(
          conflictFields(options.compared, typedNow, theirSections),
          {
            loaded: sections.withTexts(loaded, sections.loaded),
            typed: typedNow,
            theirs: sections.withTexts(saved, theirSections),
          },
          label,
          save.error,
        );
        setLoaded(saved);
        form.reset(saved, { keepDefaultValues: false });
        sections.load(theirs);
        setVersion(theirs.updatedAt);
        setCurrent(theirs);
        return typed;
      }),
  });
  const addressRefused = isApiError(save.error) && save.error.fieldErrors.some((e) => e.field === 'address');

  return {
    form,
    sections,
    /** The document as it is now (none while it is being added). */
    current,
    /** A state action's answer: the document anew, and the version the next save starts from. */
    stateChanged(changed: Doc) {
      setCurrent(changed);
      setVersion(changed.updatedAt);
    },
    /** A new document's address follows its title until staff write one. */
    followTitle(title: string, addressOf: (title: string) => string) {
      if (!current && !form.getFieldState(addressField).isDirty)
        form.setValue(addressField, addressOf(title) as PathValue<Values, Path<Values>>);
    },
    addressError,
    /** ModalForm's props: the submit publishes, the second button saves a draft. */
    modalProps: {
      onSubmit: (event: FormEvent<HTMLFormElement>) => void submitAs(true)(event),
      onCancel: options.onDone,
      saving: save.isPending,
      // A refusal said at its field (an address, a section) or as a conflict is not said again above.
      error: stale.conflict || addressRefused || sections.refused ? undefined : save.error,
      saveDraft: () => void submitAs(false)(),
    },
    /** What goes above the fields: a stale save's notice, what was typed, the sections to look at. */
    notices: (
      <>
        {stale.conflict && <EditConflict {...stale.conflictProps} />}
        <TypedValues changes={stale.typed} />
        <SectionsSummary editor={sections} />
      </>
    ),
  };
}
