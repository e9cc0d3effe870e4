import { copyName } from './copy-name';

describe('copyName', () => {
  it('should append (1) to a name with no copies', () => {
    expect(copyName('Intro', ['Intro'])).toBe('Intro (1)');
  });

  it('should count on from the base name when copying a copy', () => {
    expect(copyName('Intro (1)', ['Intro', 'Intro (1)'])).toBe('Intro (2)');
  });

  it('should fill the first gap', () => {
    expect(copyName('Intro', ['Intro', 'Intro (1)', 'Intro (3)'])).toBe('Intro (2)');
  });

  it('should strip only a trailing " (n)"', () => {
    expect(copyName('Pros (and) cons', ['Pros (and) cons'])).toBe('Pros (and) cons (1)');
    expect(copyName('Step (2) of (10)', [])).toBe('Step (2) of (1)');
  });
});
