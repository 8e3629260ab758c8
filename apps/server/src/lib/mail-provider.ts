/** One plain-text e-mail (ADR 0046). */
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail; throws when the server refuses. */
export interface MailProvider {
  readonly name: 'log' | 'smtp';
  send(mail: Mail): Promise<void>;
}
