import { parseOpenAiDuration } from './shared-pace.service';

describe('parseOpenAiDuration', () => {
  it.each([
    ['120ms', 120],
    ['1s', 1000],
    ['17.115s', 17_115],
    ['6m0s', 360_000],
    ['1h2m3s', 3_723_000],
    ['0s', 0],
  ])('should read %s as %d ms', (value, ms) => {
    expect(parseOpenAiDuration(value)).toBe(ms);
  });

  it.each([null, undefined, '', 'soon', '5', '-1s', '1s junk'])('should answer undefined when the value is %p', (value) => {
    expect(parseOpenAiDuration(value)).toBeUndefined();
  });
});
