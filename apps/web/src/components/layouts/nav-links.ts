/** The public navigation of specification section 2 ("Shared layout"). */
export interface NavItem {
  to: string;
  /** Key in the `common` namespace. */
  labelKey: string;
  /** The specification shows the project list link on wide screens only. */
  desktopOnly?: boolean;
}

export const NAV_ITEMS: NavItem[] = [
  { to: '/national-counterpart', labelKey: 'nav.nationalCounterpart' },
  { to: '/recommendation-process', labelKey: 'nav.recommendationProcess' },
  { to: '/eiet-list', labelKey: 'nav.eietList' },
  { to: '/pile-company-list', labelKey: 'nav.pileCompanyList' },
  { to: '/project-list', labelKey: 'nav.projectList', desktopOnly: true },
];

/** A link is active on its own path and on every path below it ("/eiet-list/3"), never on "/eiet-listing". */
export function isActivePath(pathname: string, linkPath: string): boolean {
  if (linkPath === '/') return pathname === '/';
  const link = linkPath.replace(/\/+$/, '');
  return pathname === link || pathname.startsWith(`${link}/`);
}
