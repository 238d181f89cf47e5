/** First letter of each word of the name, upper-cased; 'User' when there is no name (section 2). */
export function initials(name: string | null | undefined, fallback = 'User'): string {
  const letters = (name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => Array.from(word)[0]!.toUpperCase())
    .join('');
  return letters || fallback;
}
