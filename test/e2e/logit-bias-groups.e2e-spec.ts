import request from 'supertest';
import { otherOperatorCookie } from '../support/test-app';
import { useTestApp } from '../support/use-test-app';

describe('Logit-bias word lists', () => {
  const t = useTestApp({ signIn: 'local' });

  it('should derive words and word_count on the server, ignoring what the client sent', async () => {
    const res = await t.agent
      .post('/api/logit-bias-groups')
      .send({
        name: ' Overused ',
        entries: [
          { words: [' delve', 'tapestry, , realm ', ''], bias: -100 },
          { words: ['crucial'], bias: -50.5 },
        ],
        words: ['lies'],
        word_count: 99,
      })
      .expect(201);
    expect(res.body).toMatchObject({
      name: 'Overused',
      entries: [
        { words: ['delve', 'tapestry', 'realm'], bias: -100 },
        { words: ['crucial'], bias: -50.5 },
      ],
      words: ['delve', 'tapestry', 'realm', 'crucial'],
      word_count: 4,
    });
    const updated = await t.agent
      .put(`/api/logit-bias-groups/${res.body._id}`)
      .send({ name: 'Overused', entries: [{ words: ['delve'], bias: 10 }] })
      .expect(200);
    expect(updated.body).toMatchObject({ words: ['delve'], word_count: 1 });
  });

  it('should refuse a list that maps to more tokens than OpenAI accepts', async () => {
    // Made-up words: each form splits into tokens of its own, far past 300 in all.
    const words = Array.from({ length: 200 }, (_, i) => `${(i * 7919 + 104729).toString(36)}ly`);
    const res = await t.agent
      .post('/api/logit-bias-groups')
      .send({ name: 'Huge', entries: [{ words, bias: -100 }] })
      .expect(400);
    expect(res.body.message).toMatch(/^This list maps to more than 300 tokens for .+; OpenAI accepts at most 300\. Remove some words\.$/);
    expect((await t.agent.get('/api/logit-bias-groups').expect(200)).body).toEqual([]);
  });

  it('should refuse a list of more than 1,000 words before tokenising it, and preview at most as many', async () => {
    const words = Array.from({ length: 1001 }, (_, i) => `w${i}`);
    const res = await t.agent
      .post('/api/logit-bias-groups')
      .send({ name: 'Long', entries: [words.slice(0, 400), words.slice(400, 800), words.slice(800)].map((group) => ({ words: group, bias: -100 })) })
      .expect(400);
    expect(res.body).toMatchObject({
      message: expect.stringMatching(/^This list holds 1001 words; a list may hold at most 1000/),
      errors: [{ field: 'entries' }],
    });
    // Commas split a posted word into several: the cap counts the words after splitting.
    const packed = Array.from({ length: 31 }, () => Array.from({ length: 33 }, () => 'ab').join(','));
    const preview = await t.agent
      .post('/api/logit-bias-groups/preview')
      .send({ family: 'o200k_base', entries: [{ words: packed, bias: -100 }] })
      .expect(400);
    expect(preview.body.message).toMatch(/^This list holds 1023 words/);
    expect((await t.agent.get('/api/logit-bias-groups').expect(200)).body).toEqual([]);
  });

  it.each([
    ['no name', { name: ' ', entries: [{ words: ['a'], bias: 1 }] }, 'name is required'],
    ['no groups', { name: 'L', entries: [] }, 'a list needs at least one group'],
    [
      'a group without words',
      {
        name: 'L',
        entries: [
          { words: ['a'], bias: 1 },
          { words: [' , '], bias: 1 },
        ],
      },
      'Group 2 needs at least one word.',
    ],
    ['a bias below -100', { name: 'L', entries: [{ words: ['a'], bias: -101 }] }, 'bias must be from -100 to 100'],
    ['a bias given as text', { name: 'L', entries: [{ words: ['a'], bias: '-100' }] }, 'bias must be a number'],
    ['words that are not a list', { name: 'L', entries: [{ words: 'a,b', bias: 1 }] }, 'words must be a list'],
    ['an unknown field', { name: 'L', entries: [{ words: ['a'], bias: 1 }], owner: 'x' }, 'property owner should not exist'],
  ])('should answer 400 to %s and change nothing', async (_case, body, message) => {
    const kept = await t.agent
      .post('/api/logit-bias-groups')
      .send({ name: 'Kept', entries: [{ words: ['k'], bias: -100 }] })
      .expect(201);
    expect((await t.agent.post('/api/logit-bias-groups').send(body).expect(400)).body.message).toContain(message);
    expect((await t.agent.put(`/api/logit-bias-groups/${kept.body._id}`).send(body).expect(400)).body.message).toContain(message);
    const list = await t.agent.get('/api/logit-bias-groups').expect(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ name: 'Kept', words: ['k'] });
  });

  it('should preview the token ids of each word form for a tokenizer family', async () => {
    const res = await t.agent
      .post('/api/logit-bias-groups/preview')
      .send({ family: 'o200k_base', entries: [{ words: ['hello, '], bias: -100 }] })
      .expect(200);
    expect(res.body.family).toBe('o200k_base');
    expect(res.body.limit).toBe(300);
    expect(res.body.words[0].word).toBe('hello');
    expect(res.body.words[0].forms.map((f: { text: string }) => f.text)).toEqual(['hello', ' hello', 'Hello', ' Hello']);
    expect(res.body.words[0].forms[1].tokens).toEqual([40617]);
    const cl100k = await t.agent
      .post('/api/logit-bias-groups/preview')
      .send({ family: 'cl100k_base', entries: [{ words: ['hello'], bias: -100 }] })
      .expect(200);
    expect(cl100k.body.words[0].forms[1].tokens).toEqual([24748]);
    await t.agent.post('/api/logit-bias-groups/preview').send({ family: 'p50k', entries: [] }).expect(400);
  });

  it("should answer 404 for another operator's list and never list it", async () => {
    const mine = await t.agent
      .post('/api/logit-bias-groups')
      .send({ name: 'Mine', entries: [{ words: ['a'], bias: 1 }] })
      .expect(201);
    const grace = await otherOperatorCookie(t);
    for (const req of [
      request(t.http).get(`/api/logit-bias-groups/${mine.body._id}`),
      request(t.http)
        .put(`/api/logit-bias-groups/${mine.body._id}`)
        .send({ name: 'X', entries: [{ words: ['b'], bias: 1 }] }),
      request(t.http).delete(`/api/logit-bias-groups/${mine.body._id}`),
    ]) {
      expect((await req.set('Cookie', grace).expect(404)).body.message).toBe('Bias word list not found.');
    }
    expect((await request(t.http).get('/api/logit-bias-groups').set('Cookie', grace).expect(200)).body).toEqual([]);
  });

  it('should sort and page with Content-Range', async () => {
    for (const [name, words] of [
      ['B', ['x', 'y']],
      ['A', ['z']],
      ['C', ['p', 'q', 'r']],
    ] as const) {
      await t.agent
        .post('/api/logit-bias-groups')
        .send({ name, entries: [{ words, bias: -100 }] })
        .expect(201);
    }
    const res = await t.agent.get('/api/logit-bias-groups').query({ sort: '["word_count","DESC"]', range: '[1,2]' }).expect(200);
    expect(res.headers['content-range']).toBe('logit-bias-groups 1-2/3');
    expect(res.body.map((g: { name: string }) => g.name)).toEqual(['B', 'A']);
  });
});
