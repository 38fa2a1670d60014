import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A mail the local relay received: its recipients and its raw text. */
export interface ReceivedMail {
  to: string;
  data: string;
}

/**
 * A real SMTP server on a free local port, keeping every mail it receives (the delivery test's and
 * the release test's stand-in for a mail relay). `url` is what SMTP_URL takes.
 */
export async function startMailRelay(): Promise<{ url: string; mails: ReceivedMail[]; close: () => void }> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let data = '';
      stream.on('data', (c: Buffer) => {
        data += c.toString();
      });
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), data });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, mails, close: () => smtp.close() };
}
