/** The opening of a home page section: the amber rule, its heading (labelling the section) and a lead paragraph. */
export function SectionIntro({
  id,
  heading,
  intro,
  className = 'space-y-4',
}: {
  id: string;
  heading: string;
  intro: string;
  className?: string;
}) {
  return (
    <div className={className}>
      <p className="h-1 w-12 rounded bg-amber-400" aria-hidden="true" />
      <h2 id={id} className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {heading}
      </h2>
      <p className="text-lg leading-relaxed text-slate-600">{intro}</p>
    </div>
  );
}
