import type { ReactNode, Ref } from 'react';

interface AuthCardProps {
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  /** Links under the card (back to home, to login...). */
  footer?: ReactNode;
  /** The heading, to move focus to it when the card changes in place (the two-step sign-in). */
  titleRef?: Ref<HTMLHeadingElement>;
}

/** The narrow, centred card every sign-in screen uses; holds the page's one <h1>. */
export function AuthCard({ title, description, children, footer, titleRef }: AuthCardProps) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-8 sm:py-14">
      <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <h1
          ref={titleRef}
          tabIndex={titleRef ? -1 : undefined}
          className="text-2xl font-bold tracking-tight text-slate-900 focus:outline-none"
        >
          {title}
        </h1>
        {description && <div className="mt-2 text-slate-600">{description}</div>}
        <div className="mt-6 space-y-5">{children}</div>
      </div>
      {footer && (
        <div className="mt-6 flex flex-wrap items-center justify-center gap-x-6 gap-y-2 text-sm">{footer}</div>
      )}
    </div>
  );
}

/** A text link styled for the footer of an auth card. */
export const footerLinkClass =
  'font-medium text-blue-800 underline underline-offset-4 hover:text-blue-950 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-amber-400 rounded-sm';
