import { holdsAlready, isUnchanged, unchanged } from './unchanged';

describe('holdsAlready', () => {
  const saved: { name: string; notes: string; sections: { heading: string; temperature: number; examples_model?: null }[]; at: Date } = {
    name: 'Guide',
    notes: '',
    sections: [{ heading: 'Intro', temperature: 0.5, examples_model: null }],
    at: new Date(0),
  };

  it('should hold for an empty update and for the values already saved', () => {
    expect(holdsAlready(saved, {})).toBe(true);
    expect(holdsAlready(saved, { name: 'Guide', notes: '' })).toBe(true);
    expect(holdsAlready(saved, { name: undefined })).toBe(true);
  });

  it('should compare lists and objects by content, keys in any order (as jsonb answers them)', () => {
    expect(holdsAlready(saved, { sections: [{ examples_model: null, temperature: 0.5, heading: 'Intro' }], at: new Date(0) })).toBe(true);
  });

  it('should compare objects whatever made them (a worker thread answers objects of another realm)', () => {
    const made = Object.assign(Object.create(null) as Record<string, unknown>, { heading: 'Intro', temperature: 0.5, examples_model: null });
    expect(holdsAlready(saved, { sections: [made as (typeof saved.sections)[number]] })).toBe(true);
  });

  it('should not hold when one value differs, however deep', () => {
    expect(holdsAlready(saved, { name: 'guide' })).toBe(false);
    expect(holdsAlready(saved, { sections: [{ heading: 'Intro', temperature: 0.7, examples_model: null }] })).toBe(false);
    expect(holdsAlready(saved, { sections: [{ heading: 'Intro', temperature: 0.5 }] })).toBe(false);
    expect(holdsAlready(saved, { notes: null as unknown as string })).toBe(false);
  });
});

describe('unchanged', () => {
  it('should mark that answer only, and leave its fields as they are', () => {
    const answer = { _id: 'a', name: 'Guide' };
    expect(unchanged(answer)).toBe(answer);
    expect(JSON.stringify(answer)).toBe('{"_id":"a","name":"Guide"}');
    expect(isUnchanged(answer)).toBe(true);
    expect(isUnchanged({ ...answer })).toBe(false);
    expect(isUnchanged(null)).toBe(false);
  });
});
