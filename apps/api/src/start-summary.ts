import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/accounts.seed';

/**
 * The few lines a person reads after the JSON log (issue 28, item 11): where the portal is,
 * where its data and mail go, and, with the demo data, which accounts to sign in with.
 */
export function startSummary(s: { appUrl: string; where: string; mail: string; demo: boolean }): string {
  const lines = [``, `HPBC portal ready at ${s.appUrl}`, `  data: ${s.where}`, `  e-mail: ${s.mail}`];
  if (s.demo) {
    const roleOf = (a: (typeof DEMO_ACCOUNTS)[number]) => (a.isAdmin ? 'administrator' : a.roles.join(', ') || 'basic');
    lines.push(`  demo accounts (password ${DEMO_PASSWORD}):`);
    for (const a of DEMO_ACCOUNTS.slice(0, 6)) lines.push(`    ${a.email.padEnd(22)} ${roleOf(a)}`);
  }
  return `${lines.join('\n')}\n\n`;
}
