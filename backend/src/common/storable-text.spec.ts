import { MAX_STORED_MESSAGE, storableDeep, storableMessage, storableText } from './storable-text';

describe('storableText', () => {
  it('should drop NULs and replace unpaired surrogates, keeping pairs', () => {
    expect(storableText('a\u0000b\ud800c\udc00 😀')).toBe('ab\ufffdc\ufffd 😀');
  });
});

describe('storableMessage', () => {
  it('should cut a long message to the stored length', () => {
    const message = storableMessage('x'.repeat(MAX_STORED_MESSAGE + 10));
    expect(message).toHaveLength(MAX_STORED_MESSAGE);
    expect(message.endsWith('…')).toBe(true);
  });
});

describe('storableDeep', () => {
  it('should clean every key and string value, leaving other values alone', () => {
    const date = new Date(0);
    expect(storableDeep({ 'k\u0000': ['v\u0000', 1, null, { d: date }] })).toEqual({ k: ['v', 1, null, { d: date }] });
  });
});
