import { readPhone } from '@cafe/contracts';
import type { Logger } from 'pino';
import type { SmsConfig } from '../platform/config.js';

/**
 * The SMS adapter: one POST per text to the provider's HTTP API (SMS_API_URL), JSON
 * `{ from, to, text }` with `to` in E.164 (+1XXXXXXXXXX), `Authorization: Bearer SMS_API_TOKEN`, and the
 * message's id as `Idempotency-Key` so a provider that took a request whose answer never came back
 * recognises it when it is tried again. A 5xx, a 429 or no answer in time is tried again, a bounded number
 * of times; any other refusal (a 4xx: a bad number, a bad token) is final. The token is never logged.
 */

export interface SmsText {
  id: string;
  /** As the guest gave it: a US number in any spelling. */
  phone: string;
  text: string;
}

export interface SmsOptions {
  /** Tries in all (default 3). */
  attempts?: number;
  /** The wait before the second try, doubled for each later one (default 500 ms). */
  backoffMs?: number;
  /** One try's time limit (default 10 s). */
  timeoutMs?: number;
}

export class SmsRefused extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
  }
}

/** +1XXXXXXXXXX for a US number, or null when it is none (SMS then is not an option for this guest). */
export function e164(phone: string): string | null {
  const read = readPhone(phone);
  return read.phone ? `+1${read.phone.replace(/\D/g, '')}` : null;
}

/** The last two digits only: logs say which text went where without holding the guest's number. */
const masked = (to: string) => `…${to.slice(-2)}`;

const retryable = (status: number) => status >= 500 || status === 429;

export function smsSender(config: SmsConfig, logger: Pick<Logger, 'info' | 'warn'>, options: SmsOptions = {}) {
  const attempts = Math.max(1, options.attempts ?? 3);
  const backoffMs = options.backoffMs ?? 500;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return async function sendSms(sms: SmsText): Promise<{ providerId: string | null }> {
    const to = e164(sms.phone);
    if (!to) throw new SmsRefused('not a US phone number', null);
    let last: SmsRefused | null = null;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, backoffMs * 2 ** (attempt - 2)));
      try {
        const res = await fetch(config.url, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${config.token}`,
            'content-type': 'application/json',
            'idempotency-key': sms.id,
          },
          body: JSON.stringify({ from: config.from, to, text: sms.text }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        const answer = await res.text();
        if (res.ok) {
          const providerId = providerIdOf(answer);
          logger.info({ to: masked(to), messageId: sms.id, providerId, attempt }, 'text sent (sms)');
          return { providerId };
        }
        last = new SmsRefused(`SMS provider answered ${res.status}`, res.status);
        if (!retryable(res.status)) break;
        logger.warn({ to: masked(to), messageId: sms.id, status: res.status, attempt }, 'sms provider refused; trying again');
      } catch (error) {
        // No answer in time, or none at all (connection refused or reset): the provider may be back in a moment.
        const reason = error instanceof Error ? error.name : 'error';
        last = new SmsRefused(`SMS provider did not answer (${reason})`, null);
        logger.warn({ to: masked(to), messageId: sms.id, reason, attempt }, 'sms provider did not answer; trying again');
      }
    }
    throw last ?? new SmsRefused('SMS not sent', null);
  };
}

/** The provider's id of the message when its answer names one (`id`, `sid` or `messageId`). */
function providerIdOf(answer: string): string | null {
  try {
    const body = JSON.parse(answer) as Record<string, unknown>;
    const id = body.id ?? body.sid ?? body.messageId;
    return typeof id === 'string' ? id : null;
  } catch {
    return null;
  }
}
