import type { Locale } from '@hpbc/shared/product';
import { call, TOKEN_KEY } from './api-client';

/**
 * Saves the language a signed-in person switched to on their account (PUT /api/user/locale),
 * so every later mail comes in it (issue 28, item 3). Signed out there is nothing to save.
 * A failure changes nothing on screen: the switch already applied, and the next switch retries.
 */
export async function saveAccountLanguage(locale: Locale): Promise<void> {
  if (!localStorage.getItem(TOKEN_KEY)) return;
  try {
    await call('PUT /api/user/locale', { body: { locale } });
  } catch {
    // Not signed in any more, or offline: the screen's language is what matters now.
  }
}
