import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build-test-app';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    config: {
      contact: {
        address: { en: '12 Test Road, Nay Pyi Taw', my: 'အမှတ် ၁၂၊ နေပြည်တော်' },
        email: 'desk@committee.test',
        phone: '+95 1 234 567',
        hours: { en: 'Weekdays 9:00 to 16:00', my: 'ရုံးဖွင့်ရက် ၉:၀၀ မှ ၁၆:၀၀' },
      },
    },
  });
});
afterAll(() => t.close());

describe('GET /api/v1/site/contact', () => {
  it('answers the configured contact details to anyone', async () => {
    const res = await t.app.inject({ url: '/api/v1/site/contact' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'success',
      contact: {
        address: { en: '12 Test Road, Nay Pyi Taw', my: 'အမှတ် ၁၂၊ နေပြည်တော်' },
        email: 'desk@committee.test',
        phone: '+95 1 234 567',
        hours: { en: 'Weekdays 9:00 to 16:00', my: 'ရုံးဖွင့်ရက် ၉:၀၀ မှ ၁၆:၀၀' },
      },
    });
  });
});
