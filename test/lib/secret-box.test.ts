import { describe, expect, it } from 'vitest';
import { SecretBox } from '../../src/lib/secret-box.js';

/** Sealed values (webhook secrets, the Discord sign-in attempt's cookie) open only as sealed. */
describe('SecretBox', () => {
  const box = new SecretBox('a server secret of some length', 'test');

  it('opens what it sealed, and nothing sealed for another purpose', () => {
    const sealed = box.seal('{"state":"s"}');
    expect(box.open(sealed)).toBe('{"state":"s"}');
    expect(() => new SecretBox('a server secret of some length', 'other').open(sealed)).toThrow();
  });

  it('refuses a shortened authentication tag, though GCM would accept one', () => {
    const [version, iv, tag, body] = box.seal('{"state":"s"}').split(':');
    for (const bytes of [4, 8, 12, 15]) {
      const short = Buffer.from(tag ?? '', 'base64')
        .subarray(0, bytes)
        .toString('base64');
      expect(() => box.open([version, iv, short, body].join(':'))).toThrow();
    }
  });
});
