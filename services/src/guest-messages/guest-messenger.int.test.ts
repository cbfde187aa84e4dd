import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, SMS_INCOMPLETE, type SmsConfig } from '../platform/config.js';
import type { MailMessage } from '../platform/mailer/mailer.js';
import { guestMessenger, NoWayToReach, SmsRefused, type GuestMessage } from './index.js';

/**
 * The SMS adapter against a stand-in provider on loopback (no provider is reachable from here): what it
 * posts, how it authenticates, what it tries again, and that nothing goes out by text without SMS set up.
 */
interface Received {
  headers: IncomingMessage['headers'];
  body: unknown;
}

const TOKEN = 'sms-token-that-must-never-be-logged-123';
let server: Server;
let url: string;
let received: Received[] = [];
/** What the stand-in answers each request, in turn; then 200. */
let answers: ((res: ServerResponse) => void)[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw) as unknown });
      const answer = answers.shift();
      if (answer) return answer(res);
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: `SM${received.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/messages`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  received = [];
  answers = [];
});

const logged: unknown[] = [];
const logger = { info: (...args: unknown[]) => logged.push(args), warn: (...args: unknown[]) => logged.push(args) };
const mails: MailMessage[] = [];
const mailer = {
  send: async (message: MailMessage) => {
    mails.push(message);
    return { transport: 'outbox' as const, messageId: message.messageId ?? '' };
  },
};
const sms = (): SmsConfig => ({ url, token: TOKEN, from: '+12625550100' });
const fast = { backoffMs: 5, timeoutMs: 300 };
const message = (over: Partial<GuestMessage> = {}): GuestMessage => ({
  id: 'msg-1',
  to: { phone: '(262) 555-0123', email: 'ana@example.com' },
  subject: 'Your table is ready',
  text: 'Ana, your table at Meeple Haven is ready. Please come to the host stand within 10 minutes.',
  ...over,
});

describe('GuestMessenger: SMS through a provider’s HTTP API', () => {
  it('given SMS set up and a guest with a phone, when a message is sent, then one POST with the E.164 number, the text, the bearer token and the message id', async () => {
    const sent = await guestMessenger({ config: { sms: sms() }, mailer, logger }, fast).send(message());
    expect(sent).toEqual({ channel: 'sms' });
    expect(received).toHaveLength(1);
    expect(received[0]!.body).toEqual({ from: '+12625550100', to: '+12625550123', text: message().text });
    expect(received[0]!.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(received[0]!.headers['content-type']).toBe('application/json');
    expect(received[0]!.headers['idempotency-key']).toBe('msg-1');
  });

  it('given the provider answers 500 once, when a message is sent, then it is tried again with the same key and sent', async () => {
    answers = [(res) => res.writeHead(500).end('busy')];
    const sent = await guestMessenger({ config: { sms: sms() }, mailer, logger }, fast).send(message({ id: 'msg-500' }));
    expect(sent.channel).toBe('sms');
    expect(received.map((r) => r.headers['idempotency-key'])).toEqual(['msg-500', 'msg-500']);
  });

  it('given the provider does not answer in time, when a message is sent, then it is tried again', async () => {
    answers = [() => undefined]; // never answers: the first try times out
    await guestMessenger({ config: { sms: sms() }, mailer, logger }, fast).send(message({ id: 'msg-slow' }));
    expect(received).toHaveLength(2);
  });

  it('given the provider keeps answering 503, when a message is sent, then it gives up after the bounded tries', async () => {
    answers = Array.from({ length: 5 }, () => (res: ServerResponse) => res.writeHead(503).end());
    const send = guestMessenger({ config: { sms: sms() }, mailer, logger }, { ...fast, attempts: 3 }).send(message());
    await expect(send).rejects.toBeInstanceOf(SmsRefused);
    expect(received).toHaveLength(3);
  });

  it('given the provider refuses the number (400), when a message is sent, then it is not tried again', async () => {
    answers = [(res) => res.writeHead(400).end('{"error":"invalid number"}')];
    await expect(guestMessenger({ config: { sms: sms() }, mailer, logger }, fast).send(message())).rejects.toMatchObject({ status: 400 });
    expect(received).toHaveLength(1);
  });

  it('given every message of these tests, then the token never reached a log line', () => {
    expect(logged.length).toBeGreaterThan(0);
    expect(JSON.stringify(logged)).not.toContain(TOKEN);
    expect(JSON.stringify(logged)).not.toContain('555-0123');
  });
});

describe('GuestMessenger: by mail otherwise', () => {
  it('given no SMS set up, when a guest with a phone and an e-mail is messaged, then it goes by mail and nothing is posted', async () => {
    mails.length = 0;
    const sent = await guestMessenger({ config: {}, mailer, logger }).send(message({ id: 'msg-mail' }));
    expect(sent).toEqual({ channel: 'mail' });
    expect(received).toEqual([]);
    expect(mails).toEqual([
      expect.objectContaining({
        to: 'ana@example.com',
        subject: 'Your table is ready',
        messageId: '<msg-mail@guest-messages.meeplehaven>',
      }),
    ]);
  });

  it('given SMS set up but only an e-mail (or a phone SMS cannot reach), when messaged, then by mail', async () => {
    const messenger = guestMessenger({ config: { sms: sms() }, mailer, logger });
    expect(messenger.channelFor({ email: 'ana@example.com' })).toBe('mail');
    expect(messenger.channelFor({ phone: '+44 20 7946 0958', email: 'ana@example.com' })).toBe('mail');
    expect(messenger.channelFor({ phone: '262-555-0123' })).toBe('sms');
    expect(guestMessenger({ config: {}, mailer, logger }).channelFor({ phone: '262-555-0123' })).toBeNull();
    await expect(guestMessenger({ config: {}, mailer, logger }).send(message({ to: { phone: '262-555-0123' } }))).rejects.toBeInstanceOf(
      NoWayToReach,
    );
    expect(received).toEqual([]);
  });
});

describe('SMS configuration', () => {
  it('given all three variables, then config.sms; given none, none; given some, the start is refused', () => {
    const env = { DATA_DIR: '/tmp/sms-config', SMS_API_URL: url, SMS_API_TOKEN: TOKEN, SMS_FROM: '+12625550100' };
    expect(loadConfig(env).sms).toEqual({ url, token: TOKEN, from: '+12625550100' });
    expect(loadConfig({ DATA_DIR: '/tmp/sms-config' }).sms).toBeUndefined();
    expect(() => loadConfig({ DATA_DIR: '/tmp/sms-config', SMS_API_URL: url })).toThrow(SMS_INCOMPLETE);
    expect(() => loadConfig({ ...env, SMS_API_URL: 'not a url' })).toThrow(/SMS_API_URL must be a URL/);
  });
});
