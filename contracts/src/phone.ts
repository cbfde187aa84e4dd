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
