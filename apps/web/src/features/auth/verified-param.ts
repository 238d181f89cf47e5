/** The `verified` query landing of section 2: success → true; already or failed → false; else null. */
export function verifiedFromQuery(value: string | null): boolean | null {
  if (value === 'success') return true;
  if (value === 'already' || value === 'failed') return false;
  return null;
}
