import type { ReactNode } from 'react';
import { Link } from 'react-router';

interface DashboardCardProps {
  to: string;
  title: string;
  text: string;
  icon: ReactNode;
  /** A visible call to action, e.g. "Open". */
  action: string;
}

/** A whole-card link: the title is the link, so the card reads as one item to screen readers. */
export function DashboardCard({ to, title, text, icon, action }: DashboardCardProps) {
  return (
    <li className="group relative flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md focus-within:ring-3 focus-within:ring-amber-400">
      <div
        className="mb-4 flex size-11 items-center justify-center rounded-lg bg-blue-50 text-blue-800"
        aria-hidden="true"
      >
        {icon}
      </div>
      <h3 className="text-lg font-semibold text-slate-900">
        <Link to={to} className="outline-none after:absolute after:inset-0 after:content-['']">
          {title}
        </Link>
      </h3>
      <p className="mt-1 flex-1 text-slate-700">{text}</p>
      <p className="mt-4 text-sm font-semibold text-blue-800 group-hover:underline" aria-hidden="true">
        {action} →
      </p>
    </li>
  );
}

const stroke = {
  stroke: 'currentColor',
  strokeWidth: 1.8,
  fill: 'none',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

export const icons = {
  project: (
    <svg viewBox="0 0 24 24" className="size-6">
      <path d="M4 20V9l6-4v15M10 20V4l8 3v13M3 20h18M13 9h2M13 12h2M13 15h2" {...stroke} />
    </svg>
  ),
  national: (
    <svg viewBox="0 0 24 24" className="size-6">
      <path d="M9 12l2 2 4-4M12 3l7 3v6c0 4.5-3 7.5-7 9-4-1.5-7-4.5-7-9V6l7-3z" {...stroke} />
    </svg>
  ),
  eiet: (
    <svg viewBox="0 0 24 24" className="size-6">
      <path d="M8 3h8v3H8zM6 5H5v16h14V5h-1M9 12l2 2 4-4M9 17h6" {...stroke} />
    </svg>
  ),
  profile: (
    <svg viewBox="0 0 24 24" className="size-6">
      <path d="M12 12a4 4 0 100-8 4 4 0 000 8zM4 21c1-4 4.5-6 8-6s7 2 8 6" {...stroke} />
    </svg>
  ),
  list: (
    <svg viewBox="0 0 24 24" className="size-6">
      <path d="M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01" {...stroke} />
    </svg>
  ),
};
