import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail is about, logged by the development outbox. */
  link?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * Sends mail over SMTP when SMTP_URL is set; otherwise writes each message to the outbox folder
 * and logs its link, so password reset works on a machine with no mail server.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
      },
    };
  }
  return {
    async send(message) {
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(
        options.outboxDir,
        `${new Date().toISOString().replace(/[:.]/g, '-')}-${message.to.replace(/[^a-z0-9@._-]/gi, '_')}.eml`,
      );
      const eml = [
        `From: ${options.from}`,
        `To: ${message.to}`,
        `Subject: ${message.subject}`,
        'Content-Type: text/plain; charset=utf-8',
        '',
        message.text,
      ].join('\r\n');
      await writeFile(file, eml, 'utf8');
      options.log.info({ file, link: message.link }, `Mail to ${message.to} written to the outbox`);
    },
  };
}
