import { queryOptions } from '@tanstack/react-query';
import { call } from '../../../lib/api-client';

export interface SiteContact {
  address: { en: string; my: string };
  email: string;
  phone: string;
  hours: { en: string; my: string };
}

/** The committee's contact details, from the server's settings (CONTACT_*). */
export const contactQuery = () =>
  queryOptions({
    queryKey: ['site-contact'],
    queryFn: async ({ signal }): Promise<SiteContact> => (await call('GET /api/v1/site/contact', { signal })).contact,
    staleTime: 60 * 60 * 1000,
  });
