/** Myanmar script (the main block and its two extension blocks). */
const MYANMAR = /[\u1000-\u109f\uaa60-\uaa7f\ua9e0-\ua9ff]/;

/**
 * `lang="my"` for data written in Burmese (a developer's or a company's name), shown on a
 * page in either language: screen readers then read it in Burmese, and the Burmese line
 * height of styles.css applies. Undefined for anything else, so the page's language holds.
 */
export function langOf(text: string | null | undefined): 'my' | undefined {
  return text && MYANMAR.test(text) ? 'my' : undefined;
}
