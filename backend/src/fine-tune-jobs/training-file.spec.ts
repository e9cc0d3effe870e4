import { toTrainingJsonl } from '../models/training-jsonl';
import { cleanSuffix } from './training-file';

describe('toTrainingJsonl', () => {
  it('should write one messages object per line, ending with a newline', () => {
    const jsonl = toTrainingJsonl([
      {
        messages: [
          { role: 'system', content: 'S' },
          { role: 'user', content: 'U' },
          { role: 'assistant', content: 'A\nline' },
        ],
      },
      {
        messages: [
          { role: 'system', content: 's' },
          { role: 'user', content: 'u' },
          { role: 'assistant', content: 'a' },
        ],
      },
    ]);
    const lines = jsonl.trimEnd().split('\n');
    expect(lines).toHaveLength(2);
    expect(JSON.parse(lines[0])).toEqual({
      messages: [
        { role: 'system', content: 'S' },
        { role: 'user', content: 'U' },
        { role: 'assistant', content: 'A\nline' },
      ],
    });
    expect(jsonl.endsWith('\n')).toBe(true);
  });
});

describe('cleanSuffix', () => {
  it('should keep a suffix the dashboard built from a plain name', () => {
    expect(cleanSuffix('blog_voice')).toBe('blog_voice');
  });

  it('should replace characters OpenAI refuses and trim to 64', () => {
    expect(cleanSuffix('Blog (v2)!')).toBe('blog-v2');
    expect(cleanSuffix('x'.repeat(100))).toHaveLength(64);
  });

  it('should fall back to a usable suffix when nothing is left', () => {
    expect(cleanSuffix('!!!')).toBe('quire');
  });
});
