import { randomInt } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_ALPHABET, RECOVERY_CODE_COUNT } from '@yance/contracts/staff-security';

/** The name authenticator apps show above the code. */
export const TOTP_ISSUER = '研测';
/** RFC 6238 defaults (30 s, 6 digits, SHA-1): what every authenticator app reads from the QR code. */
const PERIOD = 30;

/** A new base32 secret of 160 bits (RFC 4226's recommended length). */
export const newTotpSecret = (): string => generateSecret({ length: 20 });

/** otpauth://totp/研测:<account>?secret=…&issuer=研测, the text of the enrolment QR code. */
export const otpauthUrl = (account: string, secret: string): string => generateURI({ issuer: TOTP_ISSUER, label: account, secret });

/**
 * The time step `code` belongs to, if it is the code of the step of `now` or
 * of one step either side (phones drift), and later than `after` (the step of
 * the last code accepted, so no code works twice); else null.
 */
export async function matchTotp(secret: string, code: string, now: Date, after: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    period: PERIOD,
    epochTolerance: PERIOD,
    ...(after === null ? {} : { afterTimeStep: after }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Recovery codes as stored and compared (10 letters of RECOVERY_ALPHABET, about 49 bits each). */
export function newRecoveryCodes(): string[] {
  const one = () => Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return Array.from({ length: RECOVERY_CODE_COUNT }, one);
}

/** How a recovery code is shown: two groups of five (the contract accepts it with or without the dash). */
export const shownRecoveryCode = (code: string) => `${code.slice(0, 5)}-${code.slice(5)}`;
