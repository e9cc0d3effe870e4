import { createModel, createSection, snapshotOf } from '../support/fixtures';
import { useTestApp } from '../support/use-test-app';

/**
 * A body is JSON or it is refused: any other is a 415 that changes nothing and is not in the audit
 * log (common/json-body.ts). And a partial update that changes nothing (`{}`, or the record sent
 * back as read) writes nothing: the record keeps its `updated_at` and the log records no event
 * (common/unchanged.ts). The fuzz suite holds the same for every write route of the document.
 */
describe('Request bodies: JSON or a 415, and an update of nothing writes nothing', () => {
  const t = useTestApp({ signIn: 'local' });

  /** One record of each kind a PUT updates in part, made through the API (so the log holds its creation). */
  async function records(): Promise<{ path: string; field: string }[]> {
    const model = await createModel(t.agent);
    const list = (
      await t.agent
        .post('/api/logit-bias-groups')
        .send({ name: 'Words', entries: [{ words: ['delve'], bias: -100 }] })
        .expect(201)
    ).body;
    const section = await createSection(t.agent, model, { logit_bias_group: list._id });
    const article = (
      await t.agent
        .post('/api/articles')
        .send({ article_title: 'Guide', article_type: 'Guide', sections: [snapshotOf(section)] })
        .expect(201)
    ).body;
    const client = (await t.agent.post('/api/clients').send({ name: 'Acme' }).expect(201)).body;
    return [
      { path: `/api/articles/${article._id}`, field: 'article_title' },
      { path: `/api/sections/${section._id}`, field: 'name' },
      { path: `/api/logit-bias-groups/${list._id}`, field: 'name' },
      { path: `/api/clients/${client._id}`, field: 'name' },
    ];
  }

  const read = async (path: string) => (await t.agent.get(path).expect(200)).body;
  const auditEvents = async () => Number((await t.agent.get('/api/audit').expect(200)).headers['content-range'].split('/')[1]);

  /** `{field: "Renamed"}` as each media type a browser form or a careless client sends. */
  const NOT_JSON: [string, (field: string) => string][] = [
    ['text/plain', (field) => JSON.stringify({ [field]: 'Renamed' })],
    ['application/x-www-form-urlencoded', (field) => `${field}=Renamed`],
    ['multipart/form-data; boundary=quire', (field) => `--quire\r\nContent-Disposition: form-data; name="${field}"\r\n\r\nRenamed\r\n--quire--\r\n`],
    ['application/xml', (field) => `<?xml version="1.0"?><record><${field}>Renamed</${field}></record>`],
  ];

  it('should refuse a PUT of an article, section, bias list or client sent as text, a form, multipart or XML with a 415 that changes nothing', async () => {
    const routes = await records();
    const before = await Promise.all(routes.map(({ path }) => read(path)));
    const events = await auditEvents();
    for (const { path, field } of routes) {
      for (const [type, body] of NOT_JSON) {
        const res = await t.agent.put(path).set('Content-Type', type).send(body(field));
        expect({ path, type, status: res.status, body: res.body }).toEqual({
          path,
          type,
          status: 415,
          body: {
            statusCode: 415,
            error: 'Unsupported Media Type',
            message: `The Content-Type ${JSON.stringify(type)} is not supported; send the body as JSON, with Content-Type: application/json.`,
            requestId: res.headers['x-request-id'],
          },
        });
      }
    }
    expect(await Promise.all(routes.map(({ path }) => read(path)))).toEqual(before);
    expect(await auditEvents()).toBe(events);
  });

  it('should refuse a body without a Content-Type, and a +json type the parser does not read', async () => {
    const [, , , client] = await records();
    const events = await auditEvents();
    const untyped = await t.agent.put(client.path).send(Buffer.from('{"name":"Renamed"}')).expect(415);
    expect(untyped.body.message).toBe('The request body has no Content-Type; send it as JSON, with Content-Type: application/json.');
    await t.agent.put(client.path).set('Content-Type', 'application/merge-patch+json').send('{"name":"Renamed"}').expect(415);
    await t.agent.post('/api/clients').set('Content-Type', 'text/plain').send('{"name":"New"}').expect(415);
    expect((await read(client.path)).name).toBe('Acme');
    expect((await t.agent.get('/api/clients').expect(200)).body).toHaveLength(1);
    expect(await auditEvents()).toBe(events);
  });

  it('should take JSON with a charset, and a write with no body at all', async () => {
    const [, , , client] = await records();
    const renamed = await t.agent.put(client.path).set('Content-Type', 'application/json; charset=utf-8').send('{"name":"Renamed"}').expect(200);
    expect(renamed.body.name).toBe('Renamed');
    // A POST with nothing to send, as the dashboard signs out: Content-Length 0 and no Content-Type.
    await t.agent.post('/api/logout').expect(200);
  });

  it('should write nothing and record no event for {} or the record sent back as read, and record the next real change', async () => {
    const routes = await records();
    const before = await Promise.all(routes.map(({ path }) => read(path)));
    const events = await auditEvents();
    for (const [index, { path }] of routes.entries()) {
      expect((await t.agent.put(path).send({}).expect(200)).body).toEqual(before[index]);
      expect((await t.agent.put(path).send(before[index]).expect(200)).body).toEqual(before[index]);
    }
    expect(await Promise.all(routes.map(({ path }) => read(path)))).toEqual(before);
    expect(await auditEvents()).toBe(events);

    for (const { path, field } of routes)
      await t.agent
        .put(path)
        .send({ [field]: 'Renamed' })
        .expect(200);
    expect(await auditEvents()).toBe(events + routes.length);
  });
});
