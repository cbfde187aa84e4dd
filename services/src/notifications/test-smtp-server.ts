import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server on loopback for the mail tests; it keeps what it receives, parsed. */
export interface TestSmtp {
  url: string;
  mails: ParsedMail[];
  /** Refuse the next n messages with a temporary error (451). */
  refuseNext(n: number): void;
  /**
   * Refuse the next n mails to this address at RCPT TO, as a real server does for an unknown mailbox:
   * a permanent 550 whose text quotes the address (what a NotificationFailed then records).
   */
  rejectRecipient(address: string, n?: number): void;
  /** The rejection texts sent so far. */
  rejections: string[];
  close(): Promise<void>;
}

export async function startTestSmtp(): Promise<TestSmtp> {
  const mails: ParsedMail[] = [];
  const rejections: string[] = [];
  const rejected = new Map<string, number>();
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const key = address.address.toLowerCase();
      const left = rejected.get(key) ?? 0;
      if (left <= 0) return callback();
      rejected.set(key, left - 1);
      const text = `5.1.1 <${address.address}>: Recipient address rejected: User unknown in local recipient table`;
      rejections.push(text);
      callback(Object.assign(new Error(text), { responseCode: 550 }));
    },
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          if (refusals > 0) {
            refusals--;
            const error = Object.assign(new Error('Try again later'), { responseCode: 451 });
            return callback(error);
          }
          mails.push(mail);
          callback();
        },
        (error: Error) => callback(error),
      );
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    rejections,
    refuseNext: (n) => {
      refusals = n;
    },
    rejectRecipient: (address, n = 1) => {
      rejected.set(address.toLowerCase(), n);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
