import type { ParseKeys } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type AdjustableField,
  type ContactFormState,
  type InquiryForm,
  type InquiryField,
  type InquirySubject,
  type InquiryValues,
  applicationConsentFields,
  applicationConsentValue,
  applicationConsentVersion,
  attachmentLimits,
  contactFormExtras,
  fieldMaxLength,
  formVersionField,
  regardsOptions,
  shippedInquiryForm,
  contactFormAnchor,
  contactRoutes,
  apiUrl,
  imprintPath,
} from '@blitz/contract';
import { type FieldErrorKind, sentPanelId, useContactForm } from '../hooks/use-contact-form';
import { type FieldPresence, type FieldWording, fieldLabel, fieldPresence } from '../field-presence';
import { AttachmentField } from './attachment-field';

const inputClass =
  'block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-1 aria-[invalid=true]:ring-red-700';

const errorText: Record<FieldErrorKind, ParseKeys<'contact'>> = {
  required: 'errors.required',
  email: 'errors.email',
  invalid: 'errors.invalid',
};

export type ContactFormProps = {
  /** What the server rendered the form with (a refused send without JavaScript, a notice). */
  state?: ContactFormState | undefined;
  /** The page's address, where the server leads a send without JavaScript back to. */
  returnTo: string;
  /** The subject chosen before anything was sent (?subject= in the page's address). */
  subject?: string;
  /** The job applied for (a job page's apply link): named above the form and sent as `jobId`. */
  job?: { id: number; title: string };
  /** The form's definition as staff shaped it (issue 44); absent: SPEC.md's form. */
  form?: InquiryForm;
  /**
   * The words of the application's box to be kept for later openings, in the page's language
   * (decision 050): data in the page rather than both languages' words in the island's code.
   */
  consentText: string;
  /**
   * The fields the types staff added ask for (issue 44), rendered by the server
   * (`added-fields.tsx`); the island has none and keeps their markup (`addedHtml`, read from the
   * page before it hydrates), so that the field kinds cost it no code.
   */
  addedFields?: ReactNode;
  addedHtml?: string;
};

const star = <span aria-hidden="true"> *</span>;

/**
 * A field's words for the chosen type: one wording as it is; several, each shown for its types
 * by CSS (styles.css, `data-shown-for`), the first also while no type is chosen if the field shows then.
 */
function Worded({ wordings, unchosen, withMark }: { wordings: FieldWording[]; unchosen: boolean; withMark: boolean }) {
  const words = (w: FieldWording) => (
    <>
      {w.text}
      {withMark && w.required && star}
    </>
  );
  if (wordings.length === 1) return words(wordings[0]!);
  return wordings.map((w, i) => (
    <span key={w.types.join(' ')} data-shown-for={w.types.join(' ')} data-unchosen={i === 0 && unchosen ? '' : undefined}>
      {words(w)}
    </span>
  ));
}

const noticeText: Record<string, ParseKeys<'contact'>> = {
  success: 'notices.success',
  failure: 'notices.failure',
  tooMany: 'notices.tooMany',
  tooLarge: 'notices.tooLarge',
  missing: 'notices.missingFields',
  missingPrice: 'notices.missingPriceFields',
  invalid: 'notices.invalidFields',
  malware: 'notices.malware',
  attachments: 'notices.attachments',
};

/**
 * The contact and price-inquiry form of the footer (SPEC.md §2): a real form that the browser
 * sends as multipart to POST /api/v1/Contact when no script runs (the server answers with the
 * page again: 303 with the success notice, or the form with its notices and values). Its script,
 * an island hydrated on the first interaction (islands/contact-island.tsx), checks and sends it
 * in place. The fields are uncontrolled, so nothing typed before the script arrived is lost; the
 * fields only some types show, and their words per type, are revealed by CSS alone (styles.css,
 * `data-shown-for`), as staff shaped the form (issue 44).
 */
export function ContactForm({
  state,
  returnTo,
  form = shippedInquiryForm,
  consentText,
  addedFields,
  addedHtml,
  ...address
}: ContactFormProps) {
  const { t, i18n } = useTranslation('contact');
  const id = 'contact';
  const { formRef, errors, onFieldInput, attachments, problems, sending, submit, sent, fresh, another } = useContactForm(
    state,
    form,
  );
  // Shown again after a send, the form starts empty: no notice, no values, no subject or job the page's address chose.
  const values: Partial<InquiryValues> = (!fresh && state?.values) || {};
  const notice = fresh ? undefined : state?.notice;
  const { subject, job } = fresh ? {} : address;
  // The reference kept on one line (a phone broke it at its hyphen): the text around it, split at it.
  const [before = '', after = ''] = sent ? t('sent.reference', { reference: '\u0000' }).split('\u0000') : [];
  const referenceText = [before, after];

  /** How an adjustable field shows across the types, with the site's own words where staff gave none. */
  const presence = (name: AdjustableField, hint = '') => fieldPresence(form, name, { label: t(`fields.${name}`), hint });

  /**
   * Label, control and (when the check failed) the message, tied together for assistive
   * technology. A fixed field is always shown and required; an adjustable one as its `shown` says.
   */
  const field = (
    name: InquiryField,
    control: (props: { id: string; 'aria-invalid': boolean; 'aria-describedby'?: string; required: boolean }) => ReactNode,
    wide = false,
    shown?: FieldPresence,
  ) => {
    const error = errors[name];
    const hint = shown && shown.hints.length > 0;
    const describedBy = [hint && `${id}-${name}-hint`, error && `${id}-${name}-error`].filter(Boolean).join(' ');
    const unchosen = !shown?.shownFor;
    return (
      <div className={wide ? 'sm:col-span-2' : undefined} data-shown-for={shown?.shownFor?.join(' ')}>
        <label htmlFor={`${id}-${name}`} className="mb-1 block text-sm font-semibold text-slate-800">
          {shown ? (
            <Worded wordings={shown.labels} unchosen={unchosen} withMark />
          ) : (
            <>
              {t(`fields.${name}`)}
              {star}
            </>
          )}
        </label>
        {control({
          id: `${id}-${name}`,
          'aria-invalid': !!error,
          required: shown ? shown.alwaysRequired : true,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        })}
        {hint && (
          <p id={`${id}-${name}-hint`} className="mt-1 text-sm text-slate-600">
            <Worded wordings={shown.hints} unchosen={unchosen} withMark={false} />
          </p>
        )}
        {error && (
          <p id={`${id}-${name}-error`} className="mt-1 text-sm font-semibold text-red-700">
            {t(name === 'Regards' && error === 'required' ? 'errors.regardsRequired' : errorText[error])}
          </p>
        )}
      </div>
    );
  };

  const text = (
    name: Exclude<InquiryField, 'Regards' | 'subject'>,
    type: string,
    autoComplete: string,
    wide = false,
    shown?: FieldPresence,
  ) =>
    field(
      name,
      (props) => (
        <input
          {...props}
          name={name}
          type={type}
          autoComplete={autoComplete}
          // The e-mail's length is checked on send, with a message; a cap would just cut it off.
          maxLength={name === 'email' ? undefined : fieldMaxLength[name]}
          defaultValue={values[name]}
          className={inputClass}
        />
      ),
      wide,
      shown,
    );

  // The company's and the building's fields: their box shows while the chosen type shows one of them.
  const companyFields = (['CompanyName', 'BuildingSize', 'CompanyAddress', 'Regards'] as const).map((f) =>
    presence(f, f === 'BuildingSize' ? t('buildingSizeHint') : f === 'Regards' ? t('regardsHint') : ''),
  );
  const [companyName, buildingSize, companyAddress, regards] = companyFields as [
    FieldPresence,
    FieldPresence,
    FieldPresence,
    FieldPresence,
  ];
  const boxShownFor = companyFields.some((f) => !f.shownFor)
    ? undefined
    : [...new Set(companyFields.flatMap((f) => f.shownFor ?? []))];
  const onlyForPrice = boxShownFor?.length === 1 && boxShownFor[0] === 'priceInquiry';

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-8 pb-4 lg:grid-cols-[1fr_2fr]">
      <div className="text-brand-100">
        <h2 id={`${id}-heading`} className="text-2xl font-bold text-white sm:text-3xl">
          {t('heading')}
        </h2>
        <p className="mt-3 max-w-md leading-relaxed">{t('intro')}</p>
      </div>
      {sent ? (
        // The send confirmed where the form was, until the visitor asks for the form again (issue 40).
        <div
          id={sentPanelId}
          tabIndex={-1}
          data-inquiry-sent
          className="self-start rounded-lg bg-white p-5 text-slate-800 shadow-xl outline-none sm:p-8"
        >
          <h3 className="text-xl font-bold text-green-800">{t('notices.success')}</h3>
          <p className="mt-3 text-lg font-semibold">
            {referenceText[0]}
            <span className="whitespace-nowrap">{sent.reference}</span>
            {referenceText[1]}
          </p>
          <p className="mt-2 leading-relaxed">{t(sent.confirmationMail ? 'sent.confirmationMail' : 'sent.noConfirmationMail')}</p>
          <a
            href={`${returnTo}#${contactFormAnchor}`}
            onClick={another}
            className="mt-6 inline-flex rounded-md bg-accent-400 px-6 py-3 font-semibold text-brand-950 shadow hover:bg-accent-300"
          >
            {t('sent.another')}
          </a>
        </div>
      ) : (
        <form
          ref={formRef}
          method="post"
          action={apiUrl(contactRoutes.send)}
          encType="multipart/form-data"
          noValidate
          aria-label={t('formLabel')}
          onSubmit={(event) => void submit(event)}
          onInput={(event) => onFieldInput((event.target as HTMLInputElement).name)}
          className="contact-form grid gap-4 rounded-lg bg-white p-5 text-slate-800 shadow-xl sm:grid-cols-2 sm:p-8"
        >
          {notice && (
            <p
              role={notice.kind === 'success' ? 'status' : 'alert'}
              data-notification={notice.kind === 'success' ? 'success' : 'error'}
              className={`rounded-md px-4 py-3 text-sm font-semibold text-white sm:col-span-2 ${
                notice.kind === 'success' ? 'bg-green-700' : 'bg-red-700'
              }`}
            >
              {t(noticeText[notice.kind] ?? 'notices.failure', {
                fields:
                  'fields' in notice
                    ? notice.fields.map((f) => fieldLabel(form, values.subject, f, t(`fields.${f as InquiryField}`))).join(', ')
                    : '',
                files: 'files' in notice ? notice.files.join(', ') : '',
                maxFiles: attachmentLimits.maxFiles,
                maxFileMb: attachmentLimits.maxFileBytes / (1024 * 1024),
                maxTotalMb: attachmentLimits.maxTotalBytes / (1024 * 1024),
              })}
            </p>
          )}
          <p className="text-sm text-slate-600 sm:col-span-2">{t('requiredNote')}</p>
          <input type="hidden" name={contactFormExtras.language} value={i18n.language === 'en' ? 'en' : 'de'} />
          <input type="hidden" name={contactFormExtras.returnTo} value={returnTo} />
          <input type="hidden" name={formVersionField} value={form.version} />
          {job && (
            <>
              <input type="hidden" name={contactFormExtras.jobId} value={job.id} />
              <p data-applying-for className="text-base font-semibold text-brand-900 sm:col-span-2">
                {t('applicationFor', { title: job.title })}
              </p>
            </>
          )}
          {field(
            'subject',
            (props) => (
              <select {...props} name="subject" required defaultValue={values.subject ?? subject ?? ''} className={inputClass}>
                <option value="">{t('subjectPlaceholder')}</option>
                {form.types.map((type) => (
                  // Offered only by a page's button: not in the list, still chosen by it (and in its place).
                  <option key={type.key} value={type.key} hidden={type.inSubjectList === false}>
                    {type.name || t(`subjects.${type.key as InquirySubject}`)}
                  </option>
                ))}
              </select>
            ),
            true,
          )}
          {text('firstName', 'text', 'given-name')}
          {text('lastName', 'text', 'family-name')}
          {text('phone', 'tel', 'tel', false, presence('phone'))}
          {text('email', 'email', 'email')}

          {/* Shown while the chosen type shows one of its fields (styles.css); a field the type hides is not kept. */}
          <fieldset
            className="price-fields rounded-md border border-brand-100 bg-brand-50/60 p-4 sm:col-span-2"
            data-shown-for={boxShownFor?.join(' ')}
          >
            <legend
              className="px-1 text-base font-semibold text-brand-900"
              data-shown-for={onlyForPrice ? undefined : 'priceInquiry'}
            >
              {t('priceHeading')}
            </legend>
            {/* The grid is inside the box, so the box shows and hides like every other field (styles.css). */}
            <div className="grid gap-4 sm:grid-cols-2">
              {text('CompanyName', 'text', 'organization', false, companyName)}
              {text('BuildingSize', 'text', 'off', false, buildingSize)}
              {field(
                'CompanyAddress',
                (props) => (
                  <textarea
                    {...props}
                    name="CompanyAddress"
                    rows={2}
                    autoComplete="street-address"
                    maxLength={fieldMaxLength.CompanyAddress}
                    defaultValue={values.CompanyAddress}
                    className={inputClass}
                  />
                ),
                true,
                companyAddress,
              )}
              <fieldset
                className="sm:col-span-2"
                data-shown-for={regards.shownFor?.join(' ')}
                aria-describedby={errors.Regards ? `${id}-Regards-error` : `${id}-Regards-hint`}
              >
                <legend className="mb-1 block text-sm font-semibold text-slate-800">
                  <Worded wordings={regards.labels} unchosen={!regards.shownFor} withMark />
                </legend>
                <p id={`${id}-Regards-hint`} className="mb-2 text-sm text-slate-600">
                  <Worded wordings={regards.hints} unchosen={!regards.shownFor} withMark={false} />
                </p>
                <div className="flex flex-wrap gap-2">
                  {regardsOptions.map((regard) => (
                    <label
                      key={regard}
                      className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-slate-400 bg-white px-3 py-1.5 text-sm has-checked:border-brand-700 has-checked:bg-brand-700 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-accent-400"
                    >
                      <input
                        type="checkbox"
                        name="Regards"
                        value={regard}
                        defaultChecked={values.Regards?.includes(regard)}
                        aria-invalid={errors.Regards ? true : undefined}
                        className="h-4 w-4 accent-accent-400"
                      />
                      {t(`regards.${regard}`)}
                    </label>
                  ))}
                </div>
                {errors.Regards && (
                  <p id={`${id}-Regards-error`} className="mt-1 text-sm font-semibold text-red-700">
                    {t('errors.regardsRequired')}
                  </p>
                )}
              </fieldset>
            </div>
          </fieldset>

          {/* A box the island leaves alone: hydrating, Preact keeps an element's markup when its
              content is given as HTML, and a form shown anew gets the server's markup back. */}
          {addedFields ? (
            <div data-added-fields className="contents">
              {addedFields}
            </div>
          ) : (
            addedHtml !== undefined && (
              <div data-added-fields className="contents" dangerouslySetInnerHTML={{ __html: addedHtml }} />
            )
          )}

          {field(
            'message',
            (props) => (
              <textarea
                {...props}
                name="message"
                rows={5}
                maxLength={fieldMaxLength.message}
                defaultValue={values.message}
                className={inputClass}
              />
            ),
            true,
          )}

          <AttachmentField
            files={attachments.files}
            problems={problems}
            onAdd={attachments.add}
            onRemove={attachments.remove}
            chooseAgain={notice !== undefined && notice.kind !== 'success'}
          />

          {/* Shown while the subject is an application (styles.css). Unticked unless the visitor ticks
              it; its words come from the contract, not the editable texts, because they are stored
              with the consent (decision 050). */}
          <div className="application-consent rounded-md border border-brand-100 bg-brand-50/60 p-4 sm:col-span-2">
            <input type="hidden" name={applicationConsentFields.version} value={applicationConsentVersion} />
            <label className="flex cursor-pointer items-start gap-3 text-base text-slate-800">
              <input
                type="checkbox"
                name={applicationConsentFields.consent}
                value={applicationConsentValue}
                defaultChecked={!fresh && state?.applicationConsent === true}
                aria-describedby={`${id}-consent-hint`}
                className="mt-1 h-5 w-5 flex-none accent-brand-700"
              />
              <span>{consentText}</span>
            </label>
            <p id={`${id}-consent-hint`} className="mt-2 pl-8 text-sm text-slate-600">
              {t('applicationConsentHint')}
            </p>
          </div>

          {/* A field people never see or reach; bots fill it in. */}
          <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
            <label>
              {t('honeypot')}
              <input type="text" name="website" tabIndex={-1} autoComplete="off" defaultValue="" />
            </label>
          </div>

          <div className="flex flex-col gap-4 sm:col-span-2 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-sm text-slate-600">
              {t('privacy.before')}
              <a href={`${imprintPath}#privacy`} className="text-brand-700 underline underline-offset-2">
                {t('privacy.link')}
              </a>
              {t('privacy.after')}
            </p>
            <button
              type="submit"
              disabled={sending}
              className="flex-none rounded-md bg-accent-400 px-6 py-3 font-semibold text-brand-950 shadow hover:bg-accent-300 disabled:cursor-not-allowed disabled:opacity-60"
            >
              {sending ? t('sending') : t('send')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
