import { formatNumber } from '../../../lib/format';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/translation';
import { useQuery } from '@tanstack/react-query';
import { hasRole, PRODUCT } from '@hpbc/shared';
import { call } from '../../../lib/api-client';
import { Alert } from '../../../components/ui/alert';
import { buttonClasses } from '../../../components/ui/button';
import { Panel } from '../../../components/ui/panel';
import { useAuth } from '../../../lib/auth/auth-store';
import { DashboardCard, icons } from './dashboard-card';
import { RoleBadges } from './role-badges';

/**
 * Section 2, User dashboard: the welcome, the role badges, and a card per work area the
 * user's roles open. The national and EIET cards carry the specification's fixed texts.
 */
export function UserDashboard({ nationalText }: { nationalText?: string } = {}) {
  const { t, i18n } = useTranslation('account');
  const n = (value: number) => formatNumber(value, i18n.language === 'my' ? 'my' : 'en');
  const user = useAuth((s) => s.user);
  const roles = useAuth((s) => s.roles);
  const company = user?.company ?? null;
  // The company's real counts (new requests, upcoming inspections) for its cards.
  const overview = useQuery({
    queryKey: ['company', 'overview'],
    queryFn: ({ signal }) => call('GET /api/company/overview', { signal }).then((a) => a.data),
    enabled: company !== null,
    retry: false,
  });
  const upcoming = overview.data?.upcoming_inspections;
  const cards = [
    hasRole(roles, 'project') && {
      to: '/user/projects/dashboard',
      title: t('dashboard.projectTitle'),
      text: t('dashboard.projectText'),
      icon: icons.project,
    },
    hasRole(roles, 'national-counterpart') && {
      to: '/user/national/dashboard',
      title: t('dashboard.nationalTitle'),
      // The real figures (pending, overdue) when the route gives them; the specification's text before.
      text: nationalText ?? t('dashboard.nationalText'),
      icon: icons.national,
    },
    hasRole(roles, 'eiet') && {
      // A linked EIET account goes straight to its inspections; the card counts the upcoming ones.
      to: company?.kind === 'eiet' ? '/user/company/inspections' : '/user/eiet/dashboard',
      title: t('dashboard.eietTitle'),
      text:
        company?.kind === 'eiet' && upcoming !== undefined
          ? t('dashboard.eietUpcoming', { count: upcoming, n: n(upcoming) })
          : t('dashboard.eietText'),
      icon: icons.eiet,
    },
    // An EIET company account without the role still reaches its inspections.
    company?.kind === 'eiet' &&
      !hasRole(roles, 'eiet') && {
        to: '/user/company/inspections',
        title: t('dashboard.inspectionsTitle'),
        text: t('dashboard.eietUpcoming', { count: upcoming ?? 0, n: n(upcoming ?? 0) }),
        icon: icons.eiet,
      },
    company !== null && {
      to: '/user/company/requests',
      title: t('dashboard.requestsTitle', { company: company.name }),
      text: t('dashboard.requestsText', {
        count: overview.data?.new_requests ?? 0,
        n: n(overview.data?.new_requests ?? 0),
      }),
      icon: icons.list,
    },
  ].filter((card) => card !== false);
  // Every account has these two, whatever its roles: they follow the roles' cards.
  const everyone = [
    {
      to: '/user/profile',
      title: t('dashboard.profileTitle'),
      text: t('dashboard.profileText'),
      icon: icons.profile,
    },
    {
      to: '/project-list',
      title: t('dashboard.projectListTitle'),
      text: t('dashboard.projectListText'),
      icon: icons.list,
    },
  ];

  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6 lg:px-8">
      <header className="space-y-3">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          {user?.name ? t('dashboard.welcome', { name: user.name }) : t('dashboard.welcomeNoName')}
        </h1>
        <p className="max-w-3xl text-slate-700">{t('dashboard.intro', { product: PRODUCT.short })}</p>
        <RoleBadges roles={roles} />
      </header>

      <Panel headingId="work-areas" title={t('dashboard.workAreas')} look="part" space={4}>
        {cards.length === 0 && (
          <Alert
            variant="info"
            title={t('dashboard.noRolesTitle')}
            action={
              <Link to="/form-one" className={buttonClasses('secondary', 'sm')}>
                {t('dashboard.startFormOne')}
              </Link>
            }
          >
            {t('dashboard.noRoles')}
          </Alert>
        )}
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {[...cards, ...everyone].map((card) => (
            <DashboardCard key={card.to} {...card} action={t('dashboard.open')} />
          ))}
        </ul>
      </Panel>
    </div>
  );
}
