import { redactForLog, redactSecrets } from './redact';

describe('redactSecrets', () => {
  it.each([
    ['an Authorization header echoed by an SDK', 'Headers.append: "Bearer sk-abc\u0000defSECRET" is an invalid header value.', 'SECRET'],
    ['an OpenAI project key', 'key sk-proj-Zx81-very-long-secret-c9Qx was refused', 'very-long-secret'],
    ['a Notion secret', 'auth ntn_4815162342abcdefghijKLMN failed', '4815162342'],
    ['a Google access token', 'token ya29.a0AfH6SMBx-secret_part', 'secret_part'],
    ['a Google refresh token', 'refresh 1//0gLongRefreshTokenValue', 'LongRefreshTokenValue'],
    ['a key in a URL', 'GET https://x.test/a?alt=json&key=AIzaSyNotARealKey123456789012345&b=1', 'NotARealKey'],
  ])('should remove %s', (_, text, secret) => {
    const redacted = redactSecrets(text);
    expect(redacted).not.toContain(secret);
    expect(redacted).toContain('[redacted]');
  });

  it('should show control characters as escapes, keeping line breaks and tabs', () => {
    expect(redactSecrets('a\u0000b\u001bc\nd\te')).toBe('a\\u0000b\\u001bc\nd\te');
  });

  it('should leave ordinary words alone', () => {
    expect(redactSecrets('Wrote "Desk setup task-list" (sk-ip, secret_) in 3 s')).toBe('Wrote "Desk setup task-list" (sk-ip, secret_) in 3 s');
  });
});

describe('redactForLog', () => {
  it('should redact errors (their stack) and values inside objects', () => {
    const error = new TypeError('Bearer sk-live-0123456789 is invalid');
    expect(redactForLog(error)).toMatch(/^TypeError: Bearer \[redacted\] is invalid/);
    expect(redactForLog({ header: 'Bearer abc.def', n: 1 })).toEqual({ header: 'Bearer [redacted]', n: 1 });
  });
});
