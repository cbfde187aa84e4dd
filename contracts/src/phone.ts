/** US phone as typed: only digits kept, at most 10, shown as (XXX) XXX-XXXX (at most 14 characters). */
export function formatPhone(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 10);
  if (digits.length === 0) return '';
  if (digits.length < 4) return `(${digits}`;
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export const PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;
export const PHONE_MAX_LENGTH = 14;

/**
 * A stored phone as the site and the e-mails show it: a US number (10 digits, or 11 with the leading 1)
 * as (XXX) XXX-XXXX, whatever was typed; anything else (an extension, a foreign number) as stored.
 */
export function displayPhone(stored: string): string {
  const digits = stored.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 && !/[a-z]/i.test(stored) ? formatPhone(national) : stored.trim();
}
