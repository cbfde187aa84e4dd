import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * The guest's "manage your booking" link out of the newest mail to `to` that the embedded mailer wrote
 * to DATA_DIR/outbox (no SMTP_URL), read as a mail client would (MIME, quoted-printable). Waits for it:
 * the mail reactor sends right after the booking's answer.
 */
export async function manageLinkFromOutbox(dataDir: string, to: string, timeoutMs = 15_000): Promise<string> {
  const dir = join(dataDir, 'outbox');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    for (const file of files.sort().reverse()) {
      const mail = await simpleParser(readFileSync(join(dir, file)));
      const address = mail.to && !Array.isArray(mail.to) ? mail.to.text : '';
      const link = /(https?:\/\/\S+\/my-booking\?token=[\w.-]+)/.exec(mail.text ?? '')?.[1];
      if (address.includes(to) && link) return link;
    }
    if (Date.now() > deadline) throw new Error(`no mail with a booking link to ${to} in ${dir}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Every mail the embedded mailer wrote to DATA_DIR/outbox, parsed, oldest first. */
export async function outboxMails(dataDir: string): Promise<ParsedMail[]> {
  const dir = join(dataDir, 'outbox');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
  return Promise.all(files.sort().map((file) => simpleParser(readFileSync(join(dir, file)))));
}

/** Every mail to `to` that the embedded mailer wrote to DATA_DIR/outbox, parsed, oldest first. */
export async function outboxMailsTo(dataDir: string, to: string): Promise<ParsedMail[]> {
  const mails = await outboxMails(dataDir);
  return mails.filter((mail) => (mail.to && !Array.isArray(mail.to) ? mail.to.text : '').includes(to));
}
