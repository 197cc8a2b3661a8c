import { ConsoleIcon } from "./icons";

/** The list controls: a search box and an "All …" filter. */

export function SearchInput({
  value,
  onChange,
  placeholder,
  label,
  maxLength = 200,
}: {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  label: string;
  /** The longest search the list's API accepts. */
  maxLength?: number;
}) {
  return (
    <label className="input input-sm w-full sm:w-72">
      <ConsoleIcon name="search" className="size-4 opacity-60" />
      <input
        type="search"
        aria-label={label}
        placeholder={placeholder}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={maxLength}
      />
    </label>
  );
}

/** A list filter: "All …" (the empty value) first, then the choices. */
export function FilterSelect<Value extends string>({
  allLabel,
  options,
  ...select
}: {
  label: string;
  value: Value | "";
  onChange: (value: Value | "") => void;
  allLabel: string;
  options: readonly { value: Value; label: string }[];
  /** Width classes; the select is always the small one. */
  className: string;
}) {
  return <ChoiceSelect<Value | ""> {...select} options={[{ value: "", label: allLabel }, ...options]} />;
}

/** A small named select over a fixed set of choices (a window, a sort order). */
export function ChoiceSelect<Value extends string>({
  label,
  value,
  onChange,
  options,
  className,
}: {
  label: string;
  value: Value;
  onChange: (value: Value) => void;
  options: readonly { value: Value; label: string }[];
  className: string;
}) {
  return (
    <select
      className={`select select-sm ${className}`}
      aria-label={label}
      value={value}
      // The options are exactly `options`, so the chosen value is one of them.
      onChange={(event) => onChange(event.target.value as Value)}
    >
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  );
}
