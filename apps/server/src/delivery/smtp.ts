import nodemailer from 'nodemailer';
import type { OutgoingMessage, Sender } from './message.ts';

/** Email through any SMTP server, e.g. SMTP_URL=smtps://user:pass@mail.example.com:465. */
export function smtpSender(url: string, from: string): Sender {
  const transport = nodemailer.createTransport(url);
  return {
    async send(m: OutgoingMessage) {
      await transport.sendMail({ from, to: m.target, subject: m.subject, text: m.body });
    },
  };
}
