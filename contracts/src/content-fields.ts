import { z } from 'zod';
import { TEXT_LIMITS, tooLongMessage } from './limits.js';

/** Field builders for the content forms (menu, events, gallery, business info), each with the product's message. */
export const URL_MESSAGE = 'Please enter a valid URL';
export const PRICE_REQUIRED = 'Price is required';
export const PRICE_INVALID = 'Please enter a valid price';
export const PRICE_DECIMALS = 'Price can have at most 2 decimal places';
export const PRICE_NEGATIVE = 'Price cannot be negative';
/** decimal(10,2): 8 digits before the point, 2 after. */
export const PRICE_MAX = '99999999.99';
export const PRICE_TOO_LARGE = `Price must be at most ${PRICE_MAX}`;

/** An absolute http(s) URL, or a path on this site such as '/api/uploads/…' (where uploaded images live). */
export function isWebUrl(value: string): boolean {
  if (/\s/.test(value)) return false;
  if (value.startsWith('/')) return !value.startsWith('//');
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * Optional text a form may clear: undefined leaves the stored value alone, '' or null clears it (null).
 */
export const clearableText = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: tooLongMessage(label, max) })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/** A URL or empty (cleared → null). */
export const urlOrEmpty = (message = URL_MESSAGE) =>
  z
    .string({ error: message })
    .trim()
    .max(TEXT_LIMITS.url, { error: message })
    .refine((v) => v === '' || isWebUrl(v), { error: message })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

export const sortOrderField = z
  .number({ error: 'Sort order must be a whole number' })
  .int({ error: 'Sort order must be a whole number' })
  .min(0, { error: 'Sort order cannot be negative' })
  .max(1_000_000, { error: 'Sort order is too large' });

export const flagField = (label: string) => z.boolean({ error: `${label} must be true or false` });

export type PriceResult = { ok: true; value: string } | { ok: false; message: string };

/**
 * Reads a price as decimal(10,2) without float arithmetic on the digits: '12.1', '12.10' and 12.1 all
 * become '12.10'. A number is taken at its nearest cent when it is a cent amount plus float noise
 * (0.1 + 0.2 → '0.30'); a number with a real third decimal (1.005) is refused rather than rounded.
 */
export function parsePrice(value: unknown): PriceResult {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    return { ok: false, message: PRICE_REQUIRED };
  }
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, message: PRICE_INVALID };
    if (value < 0) return { ok: false, message: PRICE_NEGATIVE };
    const cents = Math.round(value * 100);
    if (Math.abs(value * 100 - cents) > 1e-4) return { ok: false, message: PRICE_DECIMALS };
    if (cents > 9_999_999_999) return { ok: false, message: PRICE_TOO_LARGE };
    return { ok: true, value: `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}` };
  }
  if (typeof value !== 'string') return { ok: false, message: PRICE_INVALID };
  const text = value
    .trim()
    .replace(/^\$\s*/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  if (text.startsWith('-')) return { ok: false, message: PRICE_NEGATIVE };
  const match = /^(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match || (match[1] === '' && !match[2])) return { ok: false, message: PRICE_INVALID };
  const fraction = match[2] ?? '';
  if (!/^0*$/.test(fraction.slice(2))) return { ok: false, message: PRICE_DECIMALS };
  const whole = match[1]!.replace(/^0+(?=\d)/, '') || '0';
  if (whole.length > 8) return { ok: false, message: PRICE_TOO_LARGE };
  return { ok: true, value: `${whole}.${fraction.slice(0, 2).padEnd(2, '0')}` };
}

/** Price input (number or text) → exact 2-decimal string such as '12.10'. */
export const priceField = () =>
  z.unknown().transform((value, ctx): string => {
    const result = parsePrice(value);
    if (result.ok) return result.value;
    ctx.addIssue({ code: 'custom', message: result.message });
    return z.NEVER;
  });
