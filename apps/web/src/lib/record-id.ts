/**
 * The record an address names by its `:id` segment (or a query parameter such as `?draft=` or
 * `?discipline=`), read as every page reads it: a whole number from 1 with at most nine digits
 * (the API's ids), else null (the page says "not found" without asking the API).
 */
export function recordId(id: string | null | undefined): number | null {
  return id && /^[1-9]\d{0,8}$/.test(id) ? Number(id) : null;
}
