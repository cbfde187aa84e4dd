/**
 * US phones as people and browsers write them (issue 45). One rule for the server and the browser:
 * a leading +1 or 1 is the country code and is dropped (NANP area codes never start with 0 or 1); what
 * remains must be exactly 10 digits, stored as (XXX) XXX-XXXX. Anything else is refused, never reshaped
 * into other digits. The stored phone has no room for an extension, so one is refused with its own message.
 */
export const PHONE_PATTERN = /^\(\d{3}\) \d{3}-\d{4}$/;
/** The stored (XXX) XXX-XXXX has no room for an extension: refused, never dropped silently. */
export const PHONE_EXTENSION_MESSAGE = 'Please enter the number without the extension';

/** Why a phone was refused: too few digits, not a US number (or too many digits), or an extension. */
export type PhoneProblem = 'incomplete' | 'invalid' | 'extension';
export type PhoneReading = { phone: string; problem?: undefined } | { phone?: undefined; problem: PhoneProblem };

/** Digits and the punctuation people put between them; a plus only in front. */
const NUMBER_AS_WRITTEN = /^\+?[\d\s().-]*$/;
/** A number, then x / ext / ext. / extension / # and perhaps its digits: `262 555 0101 ext 4`, `…0101x4`. */
const EXTENSION = /\d[\s,;.]*(?:ext(?:ension)?\.?|x|#)\s*\d*$/i;

const shape = (digits: string) => {
  if (digits.length < 4) return `(${digits}`;
  if (digits.length < 7) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
};

/** The digits after a leading country code 1 (with or without its plus); null for another country's code. */
function nationalDigits(written: string): string | null {
  const digits = written.replace(/\D/g, '');
  if (written.startsWith('+') && digits !== '' && !digits.startsWith('1')) return null;
  return digits.startsWith('1') ? digits.slice(1) : digits;
}

/** The phone to store, (XXX) XXX-XXXX, or why it cannot be. */
export function readPhone(input: string): PhoneReading {
  const written = input.trim();
  if (EXTENSION.test(written)) return { problem: 'extension' };
  if (!NUMBER_AS_WRITTEN.test(written)) return { problem: 'invalid' };
  const national = nationalDigits(written);
  if (national === null || national.length > 10) return { problem: 'invalid' };
  if (national.length < 10) return { problem: 'incomplete' };
  if (national.startsWith('0')) return { problem: 'invalid' };
  return { phone: shape(national) };
}

/**
 * A phone field's value as it is typed, pasted or autofilled: a whole US number in any spelling becomes
 * (XXX) XXX-XXXX; a number being typed is shaped as its digits come ('262555' → '(262) 555'), a leading
 * '1' or '+1' shown until the area code starts; anything else (another country, an extension, letters,
 * more than 10 digits) is left as typed, so the form's message can say what is wrong with it.
 */
export function formatPhone(input: string): string {
  const read = readPhone(input);
  if (read.problem === undefined) return read.phone;
  const written = input.trim();
  if (!NUMBER_AS_WRITTEN.test(written)) return input;
  const national = nationalDigits(written);
  if (national === null || national.length > 10) return input;
  if (national === '') return written.startsWith('+') ? `+${written.replace(/\D/g, '')}` : written.replace(/\D/g, '');
  return shape(national);
}

/**
 * A stored phone as the site and the e-mails show it: a US number (10 digits, or 11 with the leading 1)
 * as (XXX) XXX-XXXX, whatever was typed; anything else (an extension, a foreign number) as stored.
 */
export function displayPhone(stored: string): string {
  const digits = stored.replace(/\D/g, '');
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 && !/[a-z]/i.test(stored) ? shape(national) : stored.trim();
}
