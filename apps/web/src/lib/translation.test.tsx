import { Suspense, type ReactNode } from 'react';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from './i18n';
import { Trans, useTranslation } from './translation';

/** A link as the pages pass one (react-router's Link): its words come from the text. */
function Anchor({ href, children }: { href: string; children?: ReactNode }) {
  return <a href={href}>{children}</a>;
}

function Greeting() {
  const { t } = useTranslation('test-trans');
  return (
    <p>
      <Trans
        t={t}
        i18nKey="agree"
        components={{ terms: <Anchor href="/terms" />, privacy: <Anchor href="/privacy" /> }}
      />
    </p>
  );
}

describe('useTranslation and Trans', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('renders named tags as the given elements, and follows a change of language', async () => {
    i18n.addResources('en', 'test-trans', {
      agree: 'I agree to the <terms>Terms</terms> and <privacy>Policy</privacy>.',
    });
    i18n.addResources('my', 'test-trans', { agree: '<terms>စည်းမျဉ်း</terms>နှင့် <privacy>မူဝါဒ</privacy>ကို သဘောတူပါသည်' });
    render(
      <Suspense fallback={<p>loading</p>}>
        <Greeting />
      </Suspense>,
    );
    expect(screen.getByRole('link', { name: 'Terms' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('paragraph')).toHaveTextContent('I agree to the Terms and Policy.');
    await act(() => i18n.changeLanguage('my'));
    expect(screen.getByRole('link', { name: 'စည်းမျဉ်း' })).toHaveAttribute('href', '/terms');
    expect(screen.getByRole('link', { name: 'မူဝါဒ' })).toHaveAttribute('href', '/privacy');
  });

  it("suspends until a page's namespace has loaded", async () => {
    function Home() {
      const { t } = useTranslation('home');
      return <h1>{t('docTitle')}</h1>;
    }
    render(
      <Suspense fallback={<p>loading</p>}>
        <Home />
      </Suspense>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByRole('heading')).not.toHaveTextContent('docTitle');
  });
});
