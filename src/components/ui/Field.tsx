import { type InputHTMLAttributes, type ReactNode, useId } from "react";

/** A labelled control with an optional hint under it: `children` receives the id its control must carry. */
export function Field({
  label,
  hint,
  children,
}: {
  label: string;
  hint?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      {children(id)}
      {hint ? <span className="text-xs text-muted">{hint}</span> : null}
    </div>
  );
}

/**
 * A labelled input (the auth forms): the label is its accessible name, and the hint is tied
 * to it with aria-describedby so a screen reader reads it with the field.
 */
export function InputField({
  label,
  hint,
  ...input
}: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string }) {
  const hintId = useId();
  return (
    <label className="flex flex-col gap-1.5">
      <span className="text-sm font-medium">{label}</span>
      <input className="input w-full" aria-describedby={hint ? hintId : undefined} {...input} />
      {hint ? (
        <span id={hintId} className="text-xs text-muted">
          {hint}
        </span>
      ) : null}
    </label>
  );
}
