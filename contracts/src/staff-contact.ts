import { z } from 'zod';
import { phoneField } from './fields.js';
import { TEXT_LIMITS } from './limits.js';
import { ADMIN_PHONE_INCOMPLETE, ADMIN_PHONE_INVALID } from './booking-core.js';

/**
 * How staff reach a guest who booked by phone (issue 45): the staff dialogs and their routes take a
 * booking without an e-mail address, as long as there is a phone number. The public forms still require
 * an e-mail (SPEC). A booking without one is mailed nothing, and the dashboard says so where the e-mail
 * would show.
 */
export const NO_EMAIL = 'no e-mail';
/** Under the staff dialogs' empty Email field: why it may stay empty, and what that means. */
export const NO_EMAIL_HINT = 'Without an e-mail address the guest is sent no confirmation or reminder';
/** Neither a phone nor an e-mail: there would be no way to reach the guest (the phone is the one SPEC requires). */
export const CONTACT_REQUIRED = 'Please enter a phone number: with no phone and no e-mail address there is no way to reach the guest';

/** The staff dialogs' message for an e-mail that is not one (SPEC). */
export const ADMIN_EMAIL_INVALID = 'Invalid email';

/** A new booking (absent means empty) or an edit (absent means unchanged). */
export type StaffContactMode = 'create' | 'change';

const blank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
/** In an edit only what is sent changes: an absent field is not an empty one. */
const sentBlank = (value: unknown) => typeof value === 'string' && value.trim() === '';

/**
 * The staff dialogs' e-mail and phone, and the rule that needs both (`check`, joined to the details with
 * z.intersection so that it runs beside every field's own check, whatever else is missing: an object's
 * refinement is skipped once a field such as an empty date aborts). The phone keeps phoneField's rule and
 * messages; only an empty one is left to `check`, which knows whether an e-mail was given. SPEC requires
 * the phone, so with an e-mail and no phone the phone's own message is said.
 */
export function staffContact(mode: StaffContactMode) {
  const phone = phoneField(ADMIN_PHONE_INVALID, ADMIN_PHONE_INCOMPLETE);
  const emptyPhone = phone.safeParse('').error?.issues[0]?.message ?? ADMIN_PHONE_INCOMPLETE;
  const address = z.email().max(TEXT_LIMITS.email);
  const email = z
    .string({ error: ADMIN_EMAIL_INVALID })
    .trim()
    .refine((v) => v === '' || address.safeParse(v).success, { error: ADMIN_EMAIL_INVALID });
  const phoneOrEmpty = (value: string, ctx: z.RefinementCtx) => {
    if (value.trim() === '') return '';
    const parsed = phone.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message });
    return z.NEVER;
  };
  const isBlank = mode === 'create' ? blank : sentBlank;
  const check = z.unknown().transform((input, ctx): Record<never, never> => {
    if (typeof input !== 'object' || input === null) return {};
    const body = input as { email?: unknown; phone?: unknown };
    if (isBlank(body.phone)) {
      ctx.addIssue({ code: 'custom', path: ['phone'], message: isBlank(body.email) ? CONTACT_REQUIRED : emptyPhone, input });
    }
    return {};
  });
  if (mode === 'change') {
    return { fields: { email, phone: z.string({ error: ADMIN_PHONE_INCOMPLETE }).transform(phoneOrEmpty) }, check };
  }
  return {
    // A booking taken by phone: the e-mail may be left out as well as sent empty.
    fields: {
      email: email.optional().transform((v) => v ?? ''),
      phone: z
        .string({ error: ADMIN_PHONE_INCOMPLETE })
        .optional()
        .transform((v, ctx) => phoneOrEmpty(v ?? '', ctx)),
    },
    check,
  };
}
