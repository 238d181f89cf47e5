import type { ReactNode } from 'react';

/** The first stop for keyboard users: jumps past the navigation to the layout's <main id="main-content">. */
export function SkipLink({ children }: { children: ReactNode }) {
  return (
    <a
      href="#main-content"
      className="sr-only z-50 rounded-md bg-amber-300 px-4 py-2 font-semibold text-slate-900 focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      {children}
    </a>
  );
}
