import {
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';

interface FieldProps {
  label: string;
  hint?: ReactNode;
  error?: string | null;
}

/**
 * The label, hint and error around one control, both tied to it for screen readers; `control` gets
 * the id and the attributes that tie them.
 */
function Labelled({
  label,
  hint,
  error,
  control,
}: FieldProps & {
  control: (tie: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {control({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled text input with an optional hint and error. */
export function TextField({
  label,
  hint,
  error,
  ...input
}: FieldProps & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Labelled label={label} hint={hint} error={error} control={(tie) => <input {...input} {...tie} />} />
  );
}

/** A labelled multi-line text input, with a hint and an error like TextField's. */
export function TextAreaField({
  label,
  hint,
  error,
  ...area
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Labelled label={label} hint={hint} error={error} control={(tie) => <textarea {...area} {...tie} />} />
  );
}

/** A labelled select; `options` are [value, label] pairs. */
export function SelectField({
  label,
  hint,
  options,
  ...select
}: FieldProps &
  SelectHTMLAttributes<HTMLSelectElement> & { options: ReadonlyArray<readonly [string, string]> }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} {...select} aria-describedby={hint ? `${id}-hint` : undefined}>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A checkbox with its label beside it and an optional hint below. */
export function CheckboxField({
  label,
  hint,
  ...input
}: Omit<FieldProps, 'error'> & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  return (
    <div className="field field-check">
      <input id={id} type="checkbox" {...input} aria-describedby={hint ? `${id}-hint` : undefined} />
      <label htmlFor={id}>{label}</label>
      {hint ? (
        <p id={`${id}-hint`} className="hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
