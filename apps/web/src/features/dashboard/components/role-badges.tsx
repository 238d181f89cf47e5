import { useTranslation } from '../../../lib/translation';
import { ROLE_SLUGS, type Role } from '@hpbc/shared';
import { StatusBadge } from '../../../components/ui/status-badge';

const ROLE_COLORS = { project: 'blue', 'national-counterpart': 'green', eiet: 'yellow' } as const;

/** Section 2: Basic when the user has no roles; otherwise Project, National Counterpart and EIET as held. */
export function RoleBadges({ roles }: { roles: Role[] }) {
  const { t } = useTranslation('account');
  const held = ROLE_SLUGS.filter((slug) => roles.some((r) => r.slug === slug));
  return (
    <div className="flex flex-wrap items-center gap-2">
      <span className="text-sm font-medium text-slate-700" id="role-badges-label">
        {t('roles.label')}:
      </span>
      <ul aria-labelledby="role-badges-label" className="flex flex-wrap gap-2">
        {held.length === 0 ? (
          <li>
            <StatusBadge color="gray">{t('roles.basic')}</StatusBadge>
          </li>
        ) : (
          held.map((slug) => (
            <li key={slug}>
              <StatusBadge color={ROLE_COLORS[slug]}>{t(`roles.${slug}`)}</StatusBadge>
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
