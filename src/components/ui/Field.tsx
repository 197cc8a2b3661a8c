import { type ReactNode, useId } from "react";

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
