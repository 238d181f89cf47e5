/**
 * Burmese honorifics written as their own word are not part of the name: "ဦး", "ဒေါ်" would
 * otherwise become an initial (second Burmese review, L20).
 */
const HONORIFIC = /^(ဦး|ဒေါ်|ဒေါက်တာ)$/;

/** First letter of each word of the name, upper-cased; 'User' when there is no name (section 2). */
export function initials(name: string | null | undefined, fallback = 'User'): string {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean);
  const letters = (words.length > 1 ? words.filter((w, i) => !(i === 0 && HONORIFIC.test(w))) : words)
    .map((word) => Array.from(word)[0]!.toUpperCase())
    .join('');
  return letters || fallback;
}
