import { z } from 'zod';
import { DEFAULT_EMAIL, DEFAULT_HOURS, DEFAULT_PHONE } from './business.js';

/** The public site's reading of business info: hoursJson, phone and email, defaults for anything missing. */
export const publicBusinessInfoSchema = z.object({
  hoursJson: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type PublicBusinessInfo = z.infer<typeof publicBusinessInfoSchema>;

export const DEFAULT_BUSINESS_INFO: PublicBusinessInfo = {
  hoursJson: JSON.stringify(DEFAULT_HOURS),
  phone: DEFAULT_PHONE,
  email: DEFAULT_EMAIL,
};
