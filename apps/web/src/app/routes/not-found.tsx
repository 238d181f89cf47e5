import { Link, useLocation, useNavigate } from 'react-router';
import { Trans, useTranslation } from '../../lib/translation';
import { Button, buttonClasses } from '../../components/ui/button';
import { useDocumentTitle } from '../../lib/use-document-title';

export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // React Router gives the first entry of a visit the key "default": this page was opened
  // directly (or in a new tab), so going back would leave the portal.
  const hasHistory = useLocation().key !== 'default';
  useDocumentTitle(t('notFound.title'));

  return (
    <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-16 text-center sm:px-6 sm:py-24">
      {/* A signpost pointing nowhere: decoration only, the heading says what happened. */}
      <svg viewBox="0 0 96 96" className="size-24 text-blue-900" fill="none" aria-hidden="true">
        <circle cx="48" cy="48" r="46" className="fill-blue-50" />
        <path d="M48 20v60M36 80h24" stroke="currentColor" strokeWidth="4" strokeLinecap="round" />
        <path d="M50 26h22l7 7-7 7H50z" className="fill-blue-800" />
        <path d="M46 44H25l-7 7 7 7h21z" className="fill-amber-400" />
        <path d="M58 33h10M28 51h10" stroke="white" strokeWidth="3" strokeLinecap="round" />
      </svg>
      <h1 className="mt-6 text-2xl font-bold text-slate-900 sm:text-3xl">{t('notFound.title')}</h1>
      <p className="mt-4 max-w-xl text-lg leading-relaxed text-slate-600">{t('notFound.body')}</p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <Button variant="secondary" onClick={() => (hasHistory ? navigate(-1) : navigate('/'))}>
          {t('notFound.goBack')}
        </Button>
        <Link to="/" className={buttonClasses('primary')}>
          {t('notFound.goHome')}
        </Link>
        <Link to="/login" className={buttonClasses('secondary')}>
          {t('notFound.login')}
        </Link>
      </div>
      <p className="mt-10 text-sm text-slate-600">
        <Trans
          t={t}
          i18nKey="notFound.supportLinked"
          components={{
            contact: (
              <Link
                to="/contact"
                className="text-blue-800 underline underline-offset-4 focus-visible:outline-3 focus-visible:outline-amber-400"
              />
            ),
          }}
        />
      </p>
    </div>
  );
}
