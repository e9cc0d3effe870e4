import { randomBytes } from 'node:crypto';
import { keyFingerprint, SecretBox, redactedHint } from './secret-box';

describe(SecretBox.name, () => {
  const box = new SecretBox(randomBytes(32));

  describe('seal', () => {
    it('should produce ciphertext that does not contain the plaintext when sealing a secret', () => {
      const sealed = box.seal('sk-very-secret-value', 'u1:OPENAI_API_KEY');
      expect(sealed).not.toContain('sk-very-secret-value');
      expect(sealed).not.toContain(Buffer.from('sk-very-secret-value').toString('base64'));
    });

    it('should produce a different ciphertext each time when sealing the same value', () => {
      expect(box.seal('same', 'c')).not.toEqual(box.seal('same', 'c'));
    });
  });

  describe('open', () => {
    it('should return the plaintext when opened with the same context', () => {
      expect(box.open(box.seal('ntn_123', 'u1:NOTION_SECRET'), 'u1:NOTION_SECRET')).toBe('ntn_123');
    });

    it('should refuse when the ciphertext is moved to another context', () => {
      const sealed = box.seal('ntn_123', 'u1:NOTION_SECRET');
      expect(() => box.open(sealed, 'u2:NOTION_SECRET')).toThrow();
    });

    it('should refuse when opened with another key', () => {
      const sealed = box.seal('ntn_123', 'c');
      expect(() => new SecretBox(randomBytes(32)).open(sealed, 'c')).toThrow();
    });
  });
});

describe('redactedHint', () => {
  it('should keep a short prefix and the last four characters when the secret is long', () => {
    expect(redactedHint('sk-proj-abcdefghijklmnopc9Qx')).toBe('sk-…c9Qx');
  });

  it('should reveal almost nothing when the secret is short', () => {
    expect(redactedHint('abcdefgh')).toBe('…gh');
    expect(redactedHint('abc')).toBe('…');
  });
});

describe('keyFingerprint', () => {
  it("should be HMAC-SHA-256 of Quire's label under the key, 16 hex digits, the same for the same key and different for another", () => {
    const key = Buffer.alloc(32, 7);
    // What docs/operations.md › Backups' openssl command answers for this key (BwcHBwcH…Bwc=).
    expect(keyFingerprint(key)).toBe('8e945d3db6a19f83');
    expect(keyFingerprint(Buffer.from(key))).toBe(keyFingerprint(key));
    expect(keyFingerprint(randomBytes(32))).not.toBe(keyFingerprint(key));
  });
});
