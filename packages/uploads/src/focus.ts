/** The refusal of a focus that is not two numbers from -1.0 to 1.0 (docs/api/media.md#meta-and-focus). */
export const FOCUS_INVALID = 'Focus must be two numbers from -1.0 to 1.0, as "x,y"';

/** Two numbers need no more than this; a longer value is refused unread. */
const MAX_FOCUS_LENGTH = 100;

/**
 * "x,y", each from -1.0 to 1.0, as a point; null for anything else. Shared by
 * the media upload and update and by a status edit's media_attributes.
 */
export function focusOf(value: string): { x: number; y: number } | null {
  if (value.length > MAX_FOCUS_LENGTH) return null;
  const parts = value.split(',').map((part) => part.trim());
  const numbers = parts.map((part) => (/^[-+]?(\d+\.?\d*|\.\d+)$/.test(part) ? Number(part) : Number.NaN));
  if (numbers.length !== 2 || numbers.some((n) => !Number.isFinite(n) || n < -1 || n > 1)) return null;
  return { x: numbers[0], y: numbers[1] };
}
