import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** Header names lower-cased, folded lines joined. */
  headers: Record<string, string>;
  /** Body with quoted-printable soft breaks and escapes decoded. */
  text: string;
  raw: string;
}

export interface TestSmtp {
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the next mail (or one already received beyond `seen`). */
  waitForMail(seen?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

function decodeQuotedPrintable(body: string): string {
  return body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function parse(raw: string, from: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = raw.slice(split + 4);
  const headers: Record<string, string> = {};
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const qp = /quoted-printable/i.test(headers['content-transfer-encoding'] ?? '');
  return { from, to, headers, text: qp ? decodeQuotedPrintable(body) : body, raw };
}

/**
 * A real SMTP server on 127.0.0.1 that keeps every message it receives, on a random port unless
 * one is given.
 */
export async function startSmtp(listenPort = 0): Promise<TestSmtp> {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        mails.push(
          parse(
            Buffer.concat(chunks).toString('utf8'),
            from,
            session.envelope.rcptTo.map((r) => r.address),
          ),
        );
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(listenPort, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitForMail(seen = mails.length) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no mail arrived within 5 s')), 5000);
        const check = () => {
          const mail = mails[seen];
          if (mail) {
            clearTimeout(timer);
            resolve(mail);
          } else waiters.push(check);
        };
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
