import { registerValueLabels } from './messages';

export const ROLE_SLUGS = ['project', 'national-counterpart', 'eiet'] as const;
export type RoleSlug = (typeof ROLE_SLUGS)[number];

export const ROLE_NAMES: Record<RoleSlug, string> = {
  project: 'Project',
  'national-counterpart': 'National Counterpart',
  eiet: 'EIET',
};

// The audit log and messages show role slugs as the reader's words (second Burmese review, M2, M4).
registerValueLabels({
  project: { en: 'Project', my: 'စီမံကိန်း' },
  'national-counterpart': { en: 'National Counterpart', my: 'နိုင်ငံသား တွဲဖက်ပညာရှင်' },
  eiet: { en: 'EIET', my: 'EIET' },
});

export interface Role {
  id: number;
  name: string;
  slug: RoleSlug;
}

/** True if any role has the slug; false when no roles are loaded (specification section 6). */
export function hasRole(roles: readonly Pick<Role, 'slug'>[] | null | undefined, slug: RoleSlug): boolean {
  return !!roles && roles.some((r) => r.slug === slug);
}
