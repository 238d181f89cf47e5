/**
 * Browser storage that holds one signed-in person's work (not settings such as the
 * language). A logout removes it, so the next person on a shared computer does not
 * see it; features keep their keys here rather than the auth store knowing them.
 */
export const FORM_ONE_DRAFT_KEY = 'hpbc.formOne.draft';

/** Unfinished design-document uploads: their resume addresses and sheets (features/documents). */
export const UPLOADS_KEY = 'hpbc.uploads';

export const PER_USER_STORAGE_KEYS: readonly string[] = [FORM_ONE_DRAFT_KEY, UPLOADS_KEY];
