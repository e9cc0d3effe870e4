import { InternalServerErrorException } from '@nestjs/common';
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * AES-256-GCM for secrets at rest. The context (for example "user-id:OPENAI_API_KEY") is bound as
 * additional data, so a ciphertext copied into another row or column does not decrypt.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('SecretBox needs a 32-byte key');
  }

  seal(plaintext: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join(':');
  }

  open(sealed: string, context: string): string {
    const [version, iv, tag, body] = sealed.split(':');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new Error('Unrecognised sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  }
}

/**
 * A saved secret opened for use: a ciphertext that does not open means this server has another key
 * than the one that sealed it, which the answer (500) says.
 */
export function openSaved(box: SecretBox, sealed: string, context: string): string {
  try {
    return box.open(sealed, context);
  } catch {
    throw new InternalServerErrorException(
      'Saved secrets cannot be decrypted: this server runs with another ENCRYPTION_KEY than the one they were saved with. Every server process sharing a database needs the same key.',
    );
  }
}

const KEY_FINGERPRINT_LABEL = 'quire encryption key fingerprint';

/**
 * What tells one key from another without revealing it: HMAC-SHA-256 of a fixed label under the
 * key, the first 8 bytes in hex. An HMAC is one-way (nothing about the key can be computed from
 * it), the label keeps it apart from any other use of the key, and 64 bits tell a handful of keys
 * apart with room to spare while staying short enough to compare by eye. Backups carry it
 * (docs/operations.md › Backups shows how to compute it with openssl).
 */
export function keyFingerprint(key: Buffer): string {
  return createHmac('sha256', key).update(KEY_FINGERPRINT_LABEL).digest('hex').slice(0, 16);
}

/** A redacted hint a person can recognise their secret by without it being revealed. */
export function redactedHint(secret: string): string {
  if (secret.length >= 16) return `${secret.slice(0, 3)}…${secret.slice(-4)}`;
  if (secret.length >= 8) return `…${secret.slice(-2)}`;
  return '…';
}
