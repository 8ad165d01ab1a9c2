import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/** GCM's full tag; the only length `open` accepts. */
const TAG_BYTES = 16;

/**
 * Seals secrets the server must be able to read back (webhook signing secrets, a Discord sign-in
 * attempt kept in the browser) with AES-256-GCM, under a key derived from the server's hashing
 * secret: a copy of the database alone reveals none.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(serverSecret: string, purpose: string) {
    this.key = createHmac('sha256', serverSecret).update(`scanpin:secret-box:${purpose}`).digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64'),
      cipher.getAuthTag().toString('base64'),
      body.toString('base64'),
    ].join(':');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split(':');
    if (version !== 'v1' || iv === undefined || tag === undefined || body === undefined) {
      throw new Error('not a sealed secret');
    }
    // Only a whole tag: GCM accepts a shortened one, which makes forging a sealed value far cheaper,
    // and some sealed values come back from browsers (the Discord sign-in attempt's cookie).
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAuthTag(Buffer.from(tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  }
}
