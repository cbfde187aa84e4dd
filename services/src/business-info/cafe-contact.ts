import { DEFAULT_EMAIL, DEFAULT_PHONE, displayPhone } from '@cafe/contracts';
import type { DocumentStore } from '../platform/document-store/document-store.js';
import type { CafeContact } from '../platform/mailer/mail-composer.js';
import { BUSINESS_INFO_ID, businessInfoProjection } from './business-info-projection.js';

const DEFAULT_CAFE_NAME = 'Meeple Haven Café';
const DEFAULT_CAFE_ADDRESS = '1200 Main Street, Waukesha, WI 53186';

/**
 * The café as every mail names it (and sends under its name): business info as it stands now, else these
 * defaults. Wired into the mails by the composition root (MailFacts).
 */
export async function cafeContact(documents: DocumentStore): Promise<Omit<CafeContact, 'bookUrl'>> {
  const doc = await documents.collection(businessInfoProjection.name).get(BUSINESS_INFO_ID);
  return {
    name: textOf(doc, 'name') ?? DEFAULT_CAFE_NAME,
    address: textOf(doc, 'address') ?? DEFAULT_CAFE_ADDRESS,
    // Shown as the site shows it, (262) 555-0199, even if stored as typed before the form formatted it.
    phone: displayPhone(textOf(doc, 'phone') ?? DEFAULT_PHONE),
    email: textOf(doc, 'email') ?? DEFAULT_EMAIL,
  };
}

/** A field staff filled in, trimmed; undefined when blank or absent. */
function textOf(doc: Record<string, unknown> | null, key: string): string | undefined {
  const value = doc?.[key];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
}
