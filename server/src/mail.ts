// Outgoing mail: SMTP when SMTP_URL is set, otherwise `.eml` files under `${dataDir}/mail/`
// so a fresh clone (and the tests) can read invitation and reset links without a mail server.
import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { ServerConfig } from './config';

/** One plain-text message. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

// One SMTP transport per URL keeps its connection pool across messages.
const smtpTransports = new Map<string, Transporter<SMTPTransport.SentMessageInfo>>();

function smtpTransport(url: string): Transporter<SMTPTransport.SentMessageInfo> {
  let transport = smtpTransports.get(url);
  if (!transport) {
    transport = nodemailer.createTransport(url);
    smtpTransports.set(url, transport);
  }
  return transport;
}

function senderOf(config: ServerConfig): string {
  let host = 'localhost';
  try {
    host = new URL(config.publicUrl).hostname || host;
  } catch {
    // A malformed PUBLIC_URL must not stop mail; the default sender domain is enough.
  }
  return `GET Energy Portal <no-reply@${host}>`;
}

/** Sends a message through SMTP, or writes it as an `.eml` file in the data dir; resolves to where it went. */
export async function sendMail(config: ServerConfig, message: MailMessage): Promise<string> {
  const envelope = { from: senderOf(config), ...message };
  if (config.smtpUrl) {
    const info = await smtpTransport(config.smtpUrl).sendMail(envelope);
    return info.messageId;
  }
  const fileTransport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const info = await fileTransport.sendMail(envelope);
  const dir = join(config.dataDir, 'mail');
  await mkdir(dir, { recursive: true });
  // Time first so a directory listing is in sending order; the random part avoids collisions.
  const file = join(
    dir,
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`,
  );
  await writeFile(file, info.message, { mode: 0o600 });
  return file;
}
