/**
 * A list's filter as a row of radio buttons (all / only some): a change goes to `onChange`,
 * which also sends the list back to its first page where it has pages.
 */
export function RadioFilter<V extends string | boolean>({
  legend,
  name,
  options,
  value,
  onChange,
}: {
  /** Read by screen readers only: the options say the rest. */
  legend: string;
  name: string;
  options: readonly { value: V; label: string }[];
  value: V;
  onChange: (value: V) => void;
}) {
  return (
    <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-2">
      <legend className="sr-only">{legend}</legend>
      {options.map((option) => (
        <label key={String(option.value)} className="flex min-h-11 items-center gap-2 text-slate-900">
          <input
            type="radio"
            name={name}
            checked={value === option.value}
            onChange={() => onChange(option.value)}
            className="size-5 accent-blue-800 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400"
          />
          {option.label}
        </label>
      ))}
    </fieldset>
  );
}
