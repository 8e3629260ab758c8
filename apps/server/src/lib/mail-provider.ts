/** A file sent with an e-mail: its name as the reader sees it, its bytes and MIME type. */
export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

/** One plain-text e-mail (ADR 0046), with files attached when it carries a document (the e-invoice, ADR 0052). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

/** Sends e-mail; throws when the server refuses. */
export interface MailProvider {
  readonly name: 'log' | 'smtp';
  send(mail: Mail): Promise<void>;
}
