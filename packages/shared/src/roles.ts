import type { Locale } from './product';

export const ROLE_SLUGS = ['project', 'national-counterpart', 'eiet'] as const;
export type RoleSlug = (typeof ROLE_SLUGS)[number];

/**
 * The role slugs as the reader's words, which the audit log and messages show (second Burmese
 * review, M2, M4). messages.ts starts its value labels with them: this module does not import
 * messages.ts, whose tables would otherwise come into the browser's first script with
 * `hasRole` (the route guard), about 9 KiB gzipped (issue 31; docs/decisions/108).
 */
export const ROLE_VALUE_LABELS: Record<RoleSlug, Record<Locale, string>> = {
  project: { en: 'Project', my: 'စီမံကိန်း' },
  'national-counterpart': { en: 'National Counterpart', my: 'နိုင်ငံသား တွဲဖက်ပညာရှင်' },
  eiet: { en: 'EIET', my: 'EIET' },
};

export interface Role {
  id: number;
  name: string;
  slug: RoleSlug;
}

/** True if any role has the slug; false when no roles are loaded (specification section 6). */
export function hasRole(roles: readonly Pick<Role, 'slug'>[] | null | undefined, slug: RoleSlug): boolean {
  return !!roles && roles.some((r) => r.slug === slug);
}
