/** Line icons for the seven review disciplines, drawn inline so the home page fetches no images. */
const PATHS: Record<string, string> = {
  geotechnical: 'M3 7c3-2 6 2 9 0s6-2 9 0M3 12c3-2 6 2 9 0s6-2 9 0M3 17c3-2 6 2 9 0s6-2 9 0M12 3v18',
  architectural: 'M12 3l8 17H4zM8.5 13h7M12 3v3',
  structural: 'M5 3v18M19 3v18M5 8h14M5 15h14M5 8l14 7M19 8L5 15',
  electrical: 'M13 2L5 13h6l-1 9 8-12h-6z',
  acmv: 'M12 3v18M4.2 7.5l15.6 9M4.2 16.5l15.6-9M12 8a4 4 0 1 0 0 8a4 4 0 1 0 0-8',
  water: 'M12 3c4 5 6 8.5 6 11.5a6 6 0 0 1-12 0C6 11.5 8 8 12 3zM9 15a3 3 0 0 0 3 3',
  inspection: 'M9 3h6v3H9zM7 4.5H5V21h14V4.5h-2M8.5 13.5l2.5 2.5 4.5-5',
};

export function DisciplineIcon({ name }: { name: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
