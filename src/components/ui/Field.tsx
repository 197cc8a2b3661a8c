import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from "react";

/**
 * Form fields with their words tied to the control (issue 16 §3): the label names it, and
 * the hint and the error are read with it through aria-describedby. An error also marks the
 * control aria-invalid and is announced as it appears (role=alert), unless the form already
 * announces the same words another way (a toast) — then `announce={false}` avoids saying it twice.
 */

/** What a field's control must carry: spread it onto the input, select or textarea. */
export type FieldControl = { id: string; "aria-describedby"?: string; "aria-invalid"?: true };

/** The ids and control attributes of a field with this hint and error (for layouts Field does not draw). */
export function useFieldControl({ hint, error }: { hint?: ReactNode; error?: string | null | undefined }) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(" ");
  const control: FieldControl = {
    id,
    ...(describedBy ? { "aria-describedby": describedBy } : {}),
    ...(error ? { "aria-invalid": true as const } : {}),
  };
  return { control, hintId, errorId };
}

/** A field's error line, under its control; `id` is the one the control's aria-describedby names. */
export function FieldError({ id, message, announce = true }: { id: string; message: string; announce?: boolean }) {
  return (
    <p id={id} role={announce ? "alert" : undefined} className="text-sm text-error" data-field-error="">
      {message}
    </p>
  );
}

/** A labelled control with an optional hint and error under it: `children` receives what its control must carry. */
export function Field({
  label,
  optional = false,
  hint,
  error,
  announce = true,
  className = "",
  children,
}: {
  label: string;
  /** Adds "(optional)" to the label. */
  optional?: boolean;
  hint?: ReactNode;
  error?: string | null | undefined;
  announce?: boolean;
  className?: string;
  children: (control: FieldControl) => ReactNode;
}) {
  const { control, hintId, errorId } = useFieldControl({ hint, error });
  return (
    <div className={`flex min-w-0 flex-col gap-1 ${className}`}>
      <label htmlFor={control.id} className="text-sm font-medium">
        {label}
        {optional ? <span className="font-normal text-muted"> (optional)</span> : null}
      </label>
      {children(control)}
      {hint ? (
        <span id={hintId} className="text-xs text-muted">
          {hint}
        </span>
      ) : null}
      {error ? <FieldError id={errorId} message={error} announce={announce} /> : null}
    </div>
  );
}

/**
 * A labelled input (the auth forms): the label is its accessible name, and the hint and the
 * error are tied to it with aria-describedby so a screen reader reads them with the field.
 */
export function InputField({
  label,
  hint,
  error,
  announce = true,
  className = "input w-full",
  ref,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & {
  ref?: Ref<HTMLInputElement>;
  label: string;
  hint?: string;
  error?: string | null | undefined;
  announce?: boolean;
}) {
  return (
    <Field label={label} hint={hint} error={error} announce={announce}>
      {(control) => (
        <input ref={ref} className={`${className} ${error ? "input-error" : ""}`} {...input} {...control} />
      )}
    </Field>
  );
}
