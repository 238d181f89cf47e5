/** The error body every API failure has (docs/api.md). */
export interface ApiErrorBody {
  message: string;
  errors?: Record<string, string[]>;
  [extra: string]: unknown;
}
export type FieldErrors = Record<string, string[]>;
