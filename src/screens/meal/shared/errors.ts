import { ApiError, REQUEST_ERROR_MESSAGE } from '../../../../services/http.ts';

/** The text to show for a failed call: the server's status_text (§8), else the generic request error. */
export function errorText(e: unknown): string {
  if (e instanceof ApiError) return e.statusText || e.message;
  if (e instanceof Error) return e.message || REQUEST_ERROR_MESSAGE;
  return e ? String(e) : '';
}
