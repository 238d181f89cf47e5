import { render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import i18next from '../../../lib/i18n';
import { ProjectStatusBadge } from './project-status-badge';

beforeEach(async () => {
  await i18next.changeLanguage('en');
  await i18next.loadNamespaces('projects');
});

describe('ProjectStatusBadge', () => {
  it.each([
    ['Active', 'green'],
    ['Completed', 'blue'],
    ['Pending', 'yellow'],
    ['Cancelled', 'red'],
    ['On Hold', 'slate'],
    ['Under Review', 'slate'],
  ])('shows %s in %s', (status, hue) => {
    render(<ProjectStatusBadge status={status} />);
    const badge = screen.getByText(status);
    expect(badge.className).toContain(`bg-${hue}-100`);
    for (const other of ['green', 'blue', 'yellow', 'red', 'slate'].filter((h) => h !== hue)) {
      expect(badge.className).not.toContain(`bg-${other}-100`);
    }
  });

  it('names known statuses in Burmese and keeps unknown ones as they are', async () => {
    await i18next.changeLanguage('my');
    await i18next.loadNamespaces('projects');
    render(
      <>
        <ProjectStatusBadge status="Active" />
        <ProjectStatusBadge status="Under Review" />
      </>,
    );
    expect(screen.getByText('ဆောင်ရွက်ဆဲ').className).toContain('bg-green-100');
    expect(screen.getByText('Under Review')).toBeInTheDocument();
  });
});
