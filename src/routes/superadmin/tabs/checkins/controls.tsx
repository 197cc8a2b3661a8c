import { type ReactNode, useEffect } from "react";
import { Field } from "@/components/ui";

/** The form controls and frame the two settings editors (AI agent, global settings) share. */

/** Leaving the page with unsaved edits asks first. */
export function useLeaveWarning(unsaved: boolean) {
  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [unsaved]);
}

/** An editor's title line, with its buttons on the right (below on a phone). */
export function EditorHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description: ReactNode;
  actions: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h3 className="text-lg font-semibold">{title}</h3>
        <p className="text-sm text-soft">{description}</p>
      </div>
      <div className="flex flex-wrap gap-2">{actions}</div>
    </div>
  );
}

export function SaveButton({ saving, disabled, onClick }: { saving: boolean; disabled: boolean; onClick: () => void }) {
  return (
    <button type="button" className="btn btn-primary btn-sm" onClick={onClick} disabled={disabled || saving}>
      {saving ? <span className="loading loading-spinner loading-xs" /> : null}
      {saving ? "Saving..." : "Save Changes"}
    </button>
  );
}

/** A whole number within bounds; out of them, the field turns red and says the bounds. */
export function NumberField({
  label,
  hint,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  hint?: string;
  value: number;
  min: number;
  max: number;
  onChange: (value: string) => void;
}) {
  const outOfRange = value < min || value > max;
  return (
    <Field label={label} hint={hint} error={outOfRange ? `Between ${min} and ${max}.` : null}>
      {(control) => (
        <input
          {...control}
          type="number"
          inputMode="numeric"
          className={`input w-full ${outOfRange ? "input-error" : ""}`}
          min={min}
          max={max}
          step={1}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      )}
    </Field>
  );
}

/** One of a few words, shown as they are (capitalized). */
export function SelectField<Option extends string>({
  label,
  hint,
  value,
  options,
  onChange,
  small = false,
}: {
  label: string;
  hint?: string;
  value: Option;
  options: readonly Option[];
  onChange: (value: Option) => void;
  small?: boolean;
}) {
  return (
    <Field label={label} hint={hint}>
      {(control) => (
        <select
          {...control}
          className={`select w-full capitalize ${small ? "select-sm" : ""}`}
          value={value}
          onChange={(e) => onChange(e.target.value as Option)}
        >
          {options.map((o) => (
            <option key={o} value={o}>
              {o}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function ToggleField({
  label,
  checked,
  onChange,
  className = "",
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}) {
  return (
    <label className={`flex items-center gap-3 ${className}`}>
      <input
        type="checkbox"
        className="toggle toggle-primary"
        checked={checked}
        onChange={(e) => onChange(e.target.checked)}
      />
      <span className="text-sm font-medium">{label}</span>
    </label>
  );
}

/** A range with its label on the left and its value on the right. */
export function Slider({
  label,
  value,
  min,
  max,
  step,
  suffix = "",
  format = String,
  ariaLabel = label,
  valueTestId,
  onChange,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  step: number;
  suffix?: string;
  format?: (value: number) => string;
  ariaLabel?: string;
  valueTestId?: string;
  onChange: (value: number) => void;
}) {
  return (
    <label className="block">
      <span className="flex justify-between gap-3 text-sm">
        <span className="font-medium">{label}</span>
        <span className="tabular-nums text-soft" data-testid={valueTestId}>
          {format(value)}
          {suffix}
        </span>
      </span>
      <input
        type="range"
        className="range range-primary range-xs mt-2 w-full"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-label={ariaLabel}
        onChange={(e) => onChange(Number(e.target.value))}
      />
    </label>
  );
}
