import nodemailer from 'nodemailer';

export interface OutgoingMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  attachments?: MailAttachment[];
}

/** A file as the transport sends it. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** Delivers one mail or throws. */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
  close?(): void;
}

export function createSmtpTransport(smtpUrl: string): MailTransport {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transporter.sendMail({ ...mail, html: mail.html ?? undefined });
    },
    close: () => transporter.close(),
  };
}
