import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type StreamTransport from 'nodemailer/lib/stream-transport/index.js';
import type { Logger } from 'pino';
import type { Config } from '../config.js';

type Nodemailer = typeof import('nodemailer');

/**
 * The Mailer port: SMTP through nodemailer when SMTP_URL is
 * set; otherwise every message is written as an .eml file to DATA_DIR/outbox (openable in any mail
 * client) and logged, so development and tests never mail anyone by accident.
 */
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

export interface SentMail {
  transport: 'smtp' | 'outbox';
  messageId: string;
  /** The .eml written (outbox only). */
  file?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<SentMail>;
  close(): Promise<void>;
}

export function outboxDir(config: Pick<Config, 'dataDir'>): string {
  return join(config.dataDir, 'outbox');
}

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, logger: Logger): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom, logger) : outboxMailer(outboxDir(config), config.mailFrom, logger);
}

/** nodemailer loads with the first message rather than while the gateway starts. */
function lazily<T>(create: (mailer: Nodemailer) => T): { get(): Promise<T>; made(): Promise<T> | undefined } {
  let made: Promise<T> | undefined;
  return {
    get: () => (made ??= import('nodemailer').then((module) => create(module.default))),
    made: () => made,
  };
}

/** MAIL_FROM with the message's display name, when it has one: 'Dice Den <hello@…>' from 'Old Name <hello@…>'. */
function sender(from: string, { fromName, ...message }: MailMessage) {
  if (!fromName) return { from, ...message };
  const address = /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return { ...message, from: { name: fromName, address } };
}

function smtpMailer(url: string, from: string, logger: Logger): Mailer {
  const transport = lazily((mailer): Transporter<SMTPTransport.SentMessageInfo> => mailer.createTransport(url));
  return {
    kind: 'smtp',
    async send(message) {
      const info = await (await transport.get()).sendMail(sender(from, message));
      logger.info({ to: message.to, subject: message.subject, messageId: info.messageId, response: info.response }, 'mail sent (smtp)');
      return { transport: 'smtp', messageId: info.messageId };
    },
    async close() {
      (await transport.made()?.catch(() => undefined))?.close();
    },
  };
}

function outboxMailer(dir: string, from: string, logger: Logger): Mailer {
  // streamTransport renders the full RFC 822 message (headers, MIME parts, attachments) without sending it.
  const transport = lazily((mailer): Transporter<StreamTransport.SentMessageInfo> =>
    mailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  // Made once, and again only if it went missing: a mkdir per mail was 6 % of a busy gateway's CPU.
  let made: Promise<unknown> | null = null;
  const write = async (file: string, content: Buffer) => {
    await (made ??= mkdir(dir, { recursive: true }));
    try {
      await writeFile(file, content);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      await (made = mkdir(dir, { recursive: true }));
      await writeFile(file, content);
    }
  };
  return {
    kind: 'outbox',
    async send(message) {
      const info = await (await transport.get()).sendMail(sender(from, message));
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeId = info.messageId.replace(/[^\w.@-]/g, '');
      const file = join(dir, `${stamp}-${safeId}.eml`);
      // Write then rename: a reader of the outbox never sees half a message.
      await write(`${file}.tmp`, info.message as Buffer);
      await rename(`${file}.tmp`, file);
      logger.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
      return { transport: 'outbox', messageId: info.messageId, file };
    },
    async close() {},
  };
}
