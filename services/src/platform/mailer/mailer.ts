import { join } from 'node:path';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import type { Logger } from 'pino';
import type { Config } from '../config.js';
import { mimeMessage, type MailMessage } from './mime-message.js';
import { OutboxWriter } from './outbox-writer.js';

type Nodemailer = typeof import('nodemailer');

/**
 * The Mailer port: SMTP through nodemailer when SMTP_URL is
 * set; otherwise every message is written as an .eml file to DATA_DIR/outbox (openable in any mail
 * client) and logged, so development and tests never mail anyone by accident.
 */
export type { MailAttachment, MailMessage } from './mime-message.js';

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

function senderAddress(from: string): string {
  return /<([^>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
}

/** The sender of a message: MAIL_FROM's address, under the message's display name when it has one ('Dice Den <hello@…>' from 'Old Name <hello@…>'). */
function senderOf(from: string) {
  const address = senderAddress(from);
  const name = /^\s*"?([^"<]*?)"?\s*</.exec(from)?.[1];
  return (message: MailMessage) => ({ address, ...(message.fromName || name ? { name: message.fromName || name } : {}) });
}

function smtpMailer(url: string, from: string, logger: Logger): Mailer {
  const transport = lazily((mailer): Transporter<SMTPTransport.SentMessageInfo> => mailer.createTransport(url));
  const sender = senderOf(from);
  return {
    kind: 'smtp',
    async send(message) {
      // nodemailer carries the message as composed (mime-message.ts): the same bytes the outbox writes.
      const { raw, messageId } = mimeMessage(message, sender(message));
      const info = await (await transport.get()).sendMail({ envelope: { from: senderAddress(from), to: message.to }, raw });
      logger.info({ to: message.to, subject: message.subject, messageId, response: info.response }, 'mail sent (smtp)');
      return { transport: 'smtp', messageId };
    },
    async close() {
      (await transport.made()?.catch(() => undefined))?.close();
    },
  };
}

function outboxMailer(dir: string, from: string, logger: Logger): Mailer {
  const sender = senderOf(from);
  const writer = new OutboxWriter(dir);
  return {
    kind: 'outbox',
    async send(message) {
      const { raw, messageId } = mimeMessage(message, sender(message));
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const safeId = messageId.replace(/[^\w.@-]/g, '');
      const file = join(dir, `${stamp}-${safeId}.eml`);
      await writer.write(file, raw);
      logger.info({ to: message.to, subject: message.subject, file }, 'mail written to outbox');
      return { transport: 'outbox', messageId, file };
    },
    close: () => writer.close(),
  };
}
