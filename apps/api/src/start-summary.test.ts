import { describe, expect, it } from 'vitest';
import { startSummary } from './start-summary';

describe('the first start summary (issue 28, item 11)', () => {
  const base = {
    appUrl: 'http://127.0.0.1:3000',
    where: 'embedded database in ./data',
    mail: './data/mail (.eml files)',
  };

  it('names the address, the data, the mail and, with the demo data, the accounts to sign in with', () => {
    const text = startSummary({ ...base, demo: true });
    expect(text).toContain('HPBC portal ready at http://127.0.0.1:3000');
    expect(text).toContain('e-mail: ./data/mail (.eml files)');
    expect(text).toContain('demo accounts (password DemoPass!2025):');
    expect(text).toMatch(/admin@hpbc\.test +administrator/);
    expect(text).toMatch(/project@hpbc\.test +project/);
    // Plain lines for a person, after the JSON log: none of them is JSON.
    for (const line of text.split('\n').filter(Boolean)) expect(line.trim().startsWith('{')).toBe(false);
  });

  it('lists no accounts without the demo data', () => {
    expect(startSummary({ ...base, demo: false })).not.toContain('demo accounts');
  });
});
