import { createHash, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** TOTP (RFC 6238): 6 digits, 30-second steps, SHA-1, as every authenticator app expects. */
export const TOTP_PERIOD_SECONDS = 30;
/** One step either side: a phone's clock a little off still signs in. */
const TOLERANCE_SECONDS = TOTP_PERIOD_SECONDS;

export const newTotpSecret = (): string => generateSecret();

export const totpUri = (secret: string, issuer: string, label: string): string =>
  generateURI({ issuer, label, secret });

/** The otpauth URI as an SVG QR code, so the browser needs no QR library. */
export const qrSvg = (text: string): Promise<string> => QRCode.toString(text, { type: 'svg', margin: 1 });

/**
 * The time step the code belongs to, or null when it is wrong, outside the window, or of a step at
 * or before `afterStep` (the last one accepted: a code is never accepted twice).
 */
export async function verifyTotp(
  secret: string,
  code: string,
  nowMs: number,
  afterStep: number | null,
): Promise<number | null> {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(nowMs / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Ten recovery codes like "k3f9q-2mz7x": 50 random bits each. */
export function newRecoveryCodes(count = 10): string[] {
  // 32 letters: each byte's low 5 bits pick one without bias.
  const alphabet = 'abcdefghijklmnopqrstuvwxyz234567';
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => alphabet[b & 31]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored of a recovery code: the SHA-256 of its letters, case and dash ignored. */
export const hashRecoveryCode = (code: string): string =>
  createHash('sha256')
    .update(
      code
        .trim()
        .toLowerCase()
        .replace(/[^a-z0-9]/g, ''),
    )
    .digest('hex');

export const looksLikeRecoveryCode = (code: string): boolean => /^[a-z0-9]{5}-?[a-z0-9]{5}$/i.test(code.trim());
