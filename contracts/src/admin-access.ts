import { z } from 'zod';

/** The Admin Access section's 'Add New Admin Email' form. */
export const WHITELIST_EMAIL_MESSAGE = 'Please enter a valid email address';

/** POST /api/admin/whitelist {email}: e-mails are compared case-insensitively, so they are stored lower-cased. */
export const whitelistAddSchema = z.object(
  {
    email: z
      .string({ error: WHITELIST_EMAIL_MESSAGE })
      .trim()
      .toLowerCase()
      .pipe(z.email({ error: WHITELIST_EMAIL_MESSAGE }).max(254, { error: WHITELIST_EMAIL_MESSAGE })),
  },
  { error: WHITELIST_EMAIL_MESSAGE },
);
export type WhitelistAdd = z.infer<typeof whitelistAddSchema>;

/** One entry of GET /api/admin/whitelist. */
export const whitelistEntrySchema = z.object({ id: z.string(), email: z.string(), createdAt: z.string() });
export type WhitelistEntry = z.infer<typeof whitelistEntrySchema>;

/** GET /api/auth/user: the users read model's fields, plus whether the server counts this user as an admin. */
export const authUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.string().nullable(),
  updatedAt: z.string().nullable(),
  isAdmin: z.boolean(),
});
export type AuthUser = z.infer<typeof authUserSchema>;

export type AdminAccessEvent =
  | { type: 'AdminEmailAuthorized'; data: { entryId: string; email: string } }
  | { type: 'AdminEmailRevoked'; data: { entryId: string; email: string } };

export interface UserProfile {
  userId: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  profileImageUrl: string | null;
}

export type UserEvent =
  | { type: 'UserSignedIn'; data: UserProfile & { issuer: string } }
  /** `forget` of the person's e-mail: the users read model keeps the account's id and dates only. */
  | { type: 'UserPersonalDataErased'; data: { userId: string; guestKey: string } };

/** E-mails are compared and stored lower-cased: 'Owner@Example.com' is the owner. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();
export const ALREADY_WHITELISTED_MESSAGE = 'This email is already on the admin whitelist';
export const NOT_WHITELISTED_MESSAGE = 'This email is not on the admin whitelist';
