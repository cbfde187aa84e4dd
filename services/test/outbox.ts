import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';
import { outboxDir } from '../src/platform/mailer/mailer.js';

/** Every .eml the embedded mailer wrote to DATA_DIR/outbox, parsed as a mail client would, oldest first. */
export async function outboxMails(dataDir: string): Promise<ParsedMail[]> {
  const dir = outboxDir({ dataDir });
  if (!existsSync(dir)) return [];
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.eml'))
    .sort();
  return Promise.all(files.map((f) => simpleParser(readFileSync(join(dir, f)))));
}

/** The guest's "manage your booking" link in a mail's text. */
export function manageLinkOf(mail: ParsedMail): string | null {
  return /(https?:\/\/\S+\/my-booking\?token=[\w.-]+)/.exec(mail.text ?? '')?.[1] ?? null;
}

/** The mails to one address. */
export function mailsTo(mails: ParsedMail[], address: string): ParsedMail[] {
  return mails.filter((m) => (m.to && !Array.isArray(m.to) ? m.to.text : '').includes(address));
}
