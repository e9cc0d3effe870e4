import request from 'supertest';
import { useTestApp } from '../support/use-test-app';

/**
 * The dashboard's paths (BrowserRouter) answer HEAD as they answer GET, without the body: uptime
 * checks and link checkers send HEAD. The built dashboard (admin/dist) is served, so this runs
 * after the build, as `npm test` orders it.
 */
describe('The dashboard at every path', () => {
  const t = useTestApp();

  it.each(['/', '/sections', '/sections/edit/7f1c7a52-4a34-4a8e-9d52-7b7a6a4b1c11', '/training/wizard/subclusters?id=0', '/login'])(
    'should answer HEAD %s as GET, without a body',
    async (path) => {
      const get = await request(t.http).get(path).expect(200);
      expect(get.headers['content-type']).toMatch(/^text\/html/);
      expect(get.text).toContain('<div id="root">');
      const head = await request(t.http).head(path).expect(200);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.headers['content-length']).toBe(get.headers['content-length']);
      expect(head.headers['cache-control']).toBe('no-cache');
      expect(head.text ?? '').toBe('');
    },
  );

  it("should answer HEAD on the dashboard's own files as GET", async () => {
    const page = await request(t.http).get('/').expect(200);
    const script = /<script[^>]+src="([^"]+\.js)"/.exec(page.text)?.[1];
    expect(script).toBeDefined();
    const get = await request(t.http).get(script!).expect(200);
    const head = await request(t.http).head(script!).expect(200);
    expect(head.headers['content-length']).toBe(get.headers['content-length']);
  });

  it('should leave /api to the API: HEAD without a session is a 401, and other methods on a dashboard path are not served', async () => {
    await request(t.http).head('/api/sections').expect(401);
    await request(t.http).post('/sections').expect(404);
  });
});
