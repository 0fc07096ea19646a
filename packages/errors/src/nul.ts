/**
 * PostgreSQL's text cannot hold U+0000: a parameter carrying it would fail
 * its query deep in a service (an internal error). Every entry point refuses
 * it first, with this message, as a malformed request (400, BAD_REQUEST).
 */
export const NUL_REFUSED = 'Parameters must not contain NUL characters';

/** Whether a string, or any key or string inside nested objects and arrays, holds U+0000. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 16 || !value || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => containsNul(item, depth + 1));
  return Object.entries(value as Record<string, unknown>).some(([key, item]) => key.includes('\u0000') || containsNul(item, depth + 1));
}
