import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import '../../lib/i18n';
import { renderRouter } from '../../test/render-route';
import { RouteError } from './route-error';

function Broken(): never {
  throw new Error('boom');
}

describe('route error', () => {
  beforeEach(() => {
    // React reports the caught render error on the console; that is expected here.
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows a friendly message in English and Burmese with ways out, and no error details', async () => {
    renderRouter([{ path: '/', element: <Broken />, errorElement: <RouteError /> }]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'တစ်ခုခု မှားယွင်းသွားပါသည်' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Reload the page/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Go to Home/ })).toHaveAttribute('href', '/');
    expect(screen.queryByText(/boom/)).not.toBeInTheDocument();
  });

  it('says "not found" for a 404 answer from a route', async () => {
    renderRouter([
      {
        path: '/',
        loader: () => {
          throw new Response('', { status: 404 });
        },
        element: <p>never</p>,
        errorElement: <RouteError />,
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument();
  });
});
