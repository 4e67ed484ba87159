import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The message as sent (headers and MIME parts, quoted-printable as it came). */
  data: string;
}

export interface SmtpPeer {
  /** `SMTP_URL` for the server under test. */
  url: string;
  received: ReceivedMail[];
  close(): Promise<void>;
}

/**
 * A real SMTP peer on loopback that keeps what it receives. With `login`, it takes mail only
 * from a client that authenticates with that user and password (AUTH PLAIN/LOGIN).
 */
export function startSmtpPeer(login?: { user: string; pass: string }): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: !login,
    // Loopback only: no TLS, so AUTH goes over the plain connection.
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    onAuth(auth, _session, callback) {
      if (login && auth.username === login.user && auth.password === login.pass) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk) => {
        data += String(chunk);
      });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), data });
        callback();
      });
    },
  });
  // A client that dies mid-session (a server killed in a test) resets its connection: expected.
  server.on('error', () => undefined);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        url: `smtp://${login ? `${login.user}:${login.pass}@` : ''}127.0.0.1:${(server.server.address() as AddressInfo).port}`,
        received,
        close: () => new Promise<void>((closed) => server.close(() => closed())),
      });
    });
  });
}

/**
 * A received message as a reader sees it: each quoted-printable MIME part decoded (soft line
 * breaks joined, `=3D` and the like turned back into characters); other parts as they came.
 */
export function unfolded(mail: ReceivedMail): string {
  return mail.data
    .split(/(?=\r\n--)/)
    .map((part) => {
      const headerEnd = part.indexOf('\r\n\r\n');
      if (headerEnd < 0 || !/content-transfer-encoding:\s*quoted-printable/i.test(part.slice(0, headerEnd)))
        return part;
      const body = part
        .slice(headerEnd)
        .replace(/=\r\n/g, '')
        .replace(/(?:=[0-9A-F]{2})+/g, (run) => Buffer.from(run.replaceAll('=', ''), 'hex').toString('utf8'));
      return part.slice(0, headerEnd) + body;
    })
    .join('');
}
