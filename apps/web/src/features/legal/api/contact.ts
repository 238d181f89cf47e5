import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

/** The committee's contact details, from the server's settings (CONTACT_*); their shape is the contract's (getSiteContact). */
export const contactQuery = () =>
  queryOptions({
    queryKey: ['site-contact'],
    queryFn: async ({ signal }) => (await call('GET /api/v1/site/contact', { signal })).contact,
    staleTime: 60 * 60 * 1000,
  });
