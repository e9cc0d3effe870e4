import { assertSendable, IntegrationError, unansweredReason } from './integration-error';

describe(IntegrationError.name, () => {
  describe('unansweredReason', () => {
    it('should name the error code, looking through causes', () => {
      expect(unansweredReason(Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' }))).toBe(
        'the connection failed (ECONNREFUSED)',
      );
      expect(unansweredReason(new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'UND_ERR_CONNECT_TIMEOUT' }) }))).toBe(
        'the connection failed (UND_ERR_CONNECT_TIMEOUT)',
      );
    });

    it('should never repeat the error message, which may echo a header', () => {
      const echo = new TypeError('Headers.append: "Bearer sk-abc\u0000defSECRET" is an invalid header value.');
      expect(unansweredReason(echo)).toBe('the request could not be sent');
      expect(unansweredReason(Object.assign(new Error('x'), { code: 'Bearer sk-abcdefSECRET' }))).toBe('the request could not be sent');
    });
  });

  describe('assertSendable', () => {
    it('should refuse a secret that cannot travel in a header, without repeating it', () => {
      expect(() => assertSendable('OpenAI', 'sk-ok-123', 'OpenAI API key')).not.toThrow();
      for (const secret of ['sk-a\u0000bSECRET', 'sk-a bSECRET', 'sk-éSECRET', '']) {
        expect(() => assertSendable('OpenAI', secret, 'OpenAI API key')).toThrow(IntegrationError);
        try {
          assertSendable('OpenAI', secret, 'OpenAI API key');
        } catch (error) {
          expect((error as Error).message).not.toContain('SECRET');
        }
      }
    });
  });
});
