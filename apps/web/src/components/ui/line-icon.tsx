/**
 * A decorative outline icon: one path drawn in the text's colour, hidden from screen readers
 * (the text beside it says what it means). `d` may hold several subpaths.
 */
export function LineIcon({
  d,
  viewBox = '0 0 20 20',
  className,
  strokeWidth,
  roundCaps = false,
}: {
  d: string;
  viewBox?: string;
  className?: string;
  strokeWidth: string;
  /** Round line ends (ticks, arrows); corners are always round. */
  roundCaps?: boolean;
}) {
  return (
    <svg viewBox={viewBox} className={className} aria-hidden="true">
      <path
        d={d}
        fill="none"
        stroke="currentColor"
        strokeWidth={strokeWidth}
        strokeLinejoin="round"
        strokeLinecap={roundCaps ? 'round' : undefined}
      />
    </svg>
  );
}

/** The tick of a thing done (a saved form, a finished step). */
export function CheckIcon({ className = 'size-4 shrink-0' }: { className?: string }) {
  return <LineIcon d="M5 10.5l3.2 3.2L15 7" strokeWidth="2.5" roundCaps className={className} />;
}
