import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { companyIntro } from './company-page';

const text = (company: string) => `Requests sent to ${company} through the portal.`;

describe('companyIntro', () => {
  it('holds the intro’s place unseen while the company loads, so the list below does not move', () => {
    const { container } = render(<>{companyIntro({ isPending: true }, text)}</>);
    const held = container.querySelector('p');
    expect(held).toHaveClass('invisible');
    expect(held).toHaveAttribute('aria-hidden', 'true');
    expect(held?.textContent).toMatch(/^Requests sent to .+ through the portal\.$/);
  });

  it('names the company once known, and shows nothing when the overview failed', () => {
    const { container, rerender } = render(
      <>{companyIntro({ isPending: false, data: { company: { name: 'Golden Pile Co.' } } }, text)}</>,
    );
    expect(screen.getByText('Requests sent to Golden Pile Co. through the portal.')).not.toHaveClass('invisible');
    rerender(<>{companyIntro({ isPending: false }, text)}</>);
    expect(container).toBeEmptyDOMElement();
  });
});
