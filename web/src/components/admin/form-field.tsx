import { type ComponentProps, type ReactNode, useId } from 'react';

type FieldOwnProps = {
  label: string;
  /** Shows the star and tells assistive technology the field is required. */
  required?: boolean;
  /** The inline message of a field that is missing or invalid (already translated). */
  error?: string | undefined;
  hint?: string | undefined;
  /** A hint that warns (a text a search engine will cut) stands out from the plain ones. */
  hintTone?: 'plain' | 'warning' | undefined;
};

type Aria = { id: string; 'aria-invalid'?: true; 'aria-describedby'?: string };

export const controlClass =
  'mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-slate-900 shadow-sm ' +
  'focus:border-brand-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 ' +
  'aria-[invalid=true]:border-red-700 aria-[invalid=true]:ring-red-700';

/** Label, control, hint and inline error, wired together for screen readers. */
function Field({ label, required, error, hint, hintTone, render }: FieldOwnProps & { render: (aria: Aria) => ReactNode }) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
        {required && (
          <span aria-hidden="true" className="text-red-700">
            {' *'}
          </span>
        )}
      </label>
      {render({ id, ...(error ? { 'aria-invalid': true } : {}), ...(describedBy ? { 'aria-describedby': describedBy } : {}) })}
      {hint && (
        <p
          id={`${id}-hint`}
          className={`mt-1 text-sm ${hintTone === 'warning' ? 'font-medium text-amber-800' : 'text-slate-600'}`}
        >
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** A field around one kind of control; the control gets every other prop (register(...) included). */
function fieldOf<Props extends object>(control: (props: Props, aria: Aria, required: boolean | undefined) => ReactNode) {
  return function FormField({ label, required, error, hint, hintTone, ...props }: FieldOwnProps & Props) {
    return (
      <Field
        label={label}
        required={required}
        error={error}
        hint={hint}
        hintTone={hintTone}
        render={(aria) => control(props as unknown as Props, aria, required)}
      />
    );
  };
}

export const TextField = fieldOf<ComponentProps<'input'>>((props, aria, required) => (
  <input {...props} {...aria} required={required} className={controlClass} />
));

export const TextAreaField = fieldOf<ComponentProps<'textarea'>>((props, aria, required) => (
  <textarea rows={4} {...props} {...aria} required={required} className={controlClass} />
));

export const SelectField = fieldOf<ComponentProps<'select'>>((props, aria, required) => (
  <select {...props} {...aria} required={required} className={controlClass} />
));

export const FileField = fieldOf<ComponentProps<'input'>>((props, aria, required) => (
  <input
    type="file"
    {...props}
    {...aria}
    required={required}
    className={`${controlClass} file:mr-3 file:rounded file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-900`}
  />
));

/** A switch (a checkbox read as on or off) with its label and what it does; the input gets every other prop. */
export function SwitchField({ label, hint, ...props }: { label: string; hint: string } & ComponentProps<'input'>) {
  return (
    <label className="flex items-start gap-3 rounded-md border border-slate-300 p-3 text-sm text-slate-800">
      <input type="checkbox" role="switch" className="mt-0.5 size-5 shrink-0 accent-brand-700" {...props} />
      <span>
        <span className="block font-semibold">{label}</span>
        <span className="block text-slate-600">{hint}</span>
      </span>
    </label>
  );
}
