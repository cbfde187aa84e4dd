import type { Logger } from 'pino';
import type { Config } from '../platform/config.js';
import type { Mailer } from '../platform/mailer/mailer.js';
import { e164, smsSender, type SmsOptions } from './sms-sender.js';

/**
 * The GuestMessenger port: a short message to a guest (their table is ready, their place in the queue),
 * by text when they gave a phone and SMS is set up (SMS_API_URL), by mail otherwise. Slices compose the
 * words (contracts) and decide when; this only picks the channel and delivers. It records nothing:
 * whoever calls it claims the message first (at most once) and records the outcome.
 */
export interface GuestMessage {
  /** Stable per message: the SMS provider's Idempotency-Key and the mail's Message-ID. */
  id: string;
  to: { phone?: string | null; email?: string | null };
  /** The mail's subject (a text has none). */
  subject: string;
  text: string;
  /** The mail's sender name (the café's). */
  fromName?: string;
}

export type GuestChannel = 'sms' | 'mail';

export interface GuestMessenger {
  /** Where this message would go: 'sms', 'mail', or null when the guest left no way to reach them. */
  channelFor(to: GuestMessage['to']): GuestChannel | null;
  /** Sends it once (an SMS tries a 5xx or a timeout again a few times); throws when it could not be sent. */
  send(message: GuestMessage): Promise<{ channel: GuestChannel }>;
}

export class NoWayToReach extends Error {
  constructor() {
    super('the guest gave no phone SMS can reach and no e-mail');
  }
}

export function guestMessenger(
  deps: { config: Pick<Config, 'sms'>; mailer: Pick<Mailer, 'send'>; logger: Pick<Logger, 'info' | 'warn'> },
  options: SmsOptions = {},
): GuestMessenger {
  const { sms } = deps.config;
  const sendSms = sms ? smsSender(sms, deps.logger, options) : null;
  const channelFor = (to: GuestMessage['to']): GuestChannel | null => {
    if (sendSms && to.phone && e164(to.phone)) return 'sms';
    return to.email ? 'mail' : null;
  };
  return {
    channelFor,
    async send(message) {
      const channel = channelFor(message.to);
      if (channel === 'sms') {
        await sendSms!({ id: message.id, phone: message.to.phone!, text: message.text });
        return { channel };
      }
      if (channel === 'mail') {
        await deps.mailer.send({
          to: message.to.email!,
          subject: message.subject,
          text: message.text,
          messageId: `<${message.id}@guest-messages.meeplehaven>`,
          ...(message.fromName ? { fromName: message.fromName } : {}),
        });
        return { channel };
      }
      throw new NoWayToReach();
    },
  };
}
