import { randomUUID } from 'node:crypto';
import { createMimeMessage, Mailbox } from 'mimetext';

export interface MailAttachment {
  filename: string;
  content: string | Buffer;
  contentType: string;
}

export interface MailMessage {
  to: string;
  replyTo?: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
  /** A stable Message-ID ('<…@…>') lets mail systems recognise a resend of the same notification. */
  messageId?: string;
  /** The sender's display name (the café's name as staff set it); MAIL_FROM's address is kept. */
  fromName?: string;
}

/**
 * A message as its RFC 5322 bytes, the same for the outbox and for SMTP. Built with mimetext rather than
 * nodemailer's composer: nodemailer streams every part through its transforms and plugins (data-URL images,
 * header normalising), about 330 µs a confirmation with its invitation against some 50 µs here, and a busy
 * evening composes one per booking. Every part is base64 (lines of 76), so no line runs long and any
 * letter in a guest's name or a café's name arrives as written.
 */
export function mimeMessage(message: MailMessage, from: { address: string; name?: string }): { raw: string; messageId: string } {
  // A notification's own id lets mail systems recognise a resend; any other message gets one of its own.
  const messageId = message.messageId ?? `<${randomUUID()}@${from.address.split('@')[1] ?? 'localhost'}>`;
  const mime = createMimeMessage();
  mime.setSender(from.name ? { addr: from.address, name: from.name } : from.address);
  mime.setRecipient(message.to);
  if (message.replyTo) mime.setHeader('Reply-To', new Mailbox(message.replyTo));
  mime.setSubject(message.subject);
  mime.setHeader('Message-ID', messageId);
  mime.addMessage({ contentType: 'text/plain', data: base64(message.text), encoding: 'base64' });
  if (message.html) mime.addMessage({ contentType: 'text/html', data: base64(message.html), encoding: 'base64' });
  for (const attachment of message.attachments ?? [])
    mime.addAttachment({ filename: attachment.filename, contentType: attachment.contentType, data: base64(attachment.content) });
  return { raw: mime.asRaw(), messageId };
}

/** Base64 in lines of 76 characters, as MIME asks. */
function base64(content: string | Buffer): string {
  const encoded = (typeof content === 'string' ? Buffer.from(content) : content).toString('base64');
  const lines: string[] = [];
  for (let i = 0; i < encoded.length; i += 76) lines.push(encoded.slice(i, i + 76));
  return lines.join('\n');
}
