// Which database the API end-to-end suite runs on. One decision, in one place:
//   TEST_DATABASE=pglite | url | container  forces one (CI's embedded run sets pglite);
//   otherwise a reachable container engine  → a throwaway PostgreSQL started with Testcontainers;
//   otherwise DATABASE_URL (postgres://…)   → that server;
//   otherwise                               → in-memory PGlite, one per spec file.
const CHOICES = ['pglite', 'url', 'container'];

const isPostgresUrl = (value) => /^postgres(ql)?:\/\//.test(value ?? '');

/**
 * @param {Record<string, string | undefined>} env
 * @param {() => Promise<boolean>} engineReachable asked only when the answer matters
 * @returns {Promise<{ kind: 'pglite' | 'url' | 'container', url?: string, why: string }>}
 */
async function chooseTestDatabase(env, engineReachable) {
  const forced = env.TEST_DATABASE;
  if (forced !== undefined && forced !== '' && !CHOICES.includes(forced)) {
    throw new Error(`TEST_DATABASE must be one of ${CHOICES.join(', ')}, got "${forced}"`);
  }
  if (forced === 'pglite') return { kind: 'pglite', why: 'TEST_DATABASE=pglite' };
  if (forced === 'url') {
    if (!isPostgresUrl(env.DATABASE_URL)) throw new Error('TEST_DATABASE=url needs DATABASE_URL=postgres://…');
    return { kind: 'url', url: env.DATABASE_URL, why: 'TEST_DATABASE=url' };
  }
  if (forced === 'container') {
    if (!(await engineReachable())) throw new Error('TEST_DATABASE=container, but no container engine answers (Docker, Podman or DOCKER_HOST)');
    return { kind: 'container', why: 'TEST_DATABASE=container' };
  }
  if (await engineReachable()) return { kind: 'container', why: 'a container engine answers' };
  if (isPostgresUrl(env.DATABASE_URL)) return { kind: 'url', url: env.DATABASE_URL, why: 'DATABASE_URL is set' };
  return { kind: 'pglite', why: 'no container engine and no DATABASE_URL' };
}

module.exports = { chooseTestDatabase, isPostgresUrl };
