const { chooseTestDatabase } = require('./test-database.cjs');

describe('chooseTestDatabase', () => {
  const url = 'postgres://quire@127.0.0.1:5432/quire_test';
  const engine = (answer) => {
    const probe = jest.fn(async () => answer);
    return probe;
  };

  it('should start a container when an engine answers, even with DATABASE_URL set', async () => {
    expect(await chooseTestDatabase({ DATABASE_URL: url }, engine(true))).toEqual({ kind: 'container', why: 'a container engine answers' });
  });

  it('should use DATABASE_URL without an engine, and PGlite without either', async () => {
    expect(await chooseTestDatabase({ DATABASE_URL: url }, engine(false))).toEqual({ kind: 'url', url, why: 'DATABASE_URL is set' });
    expect((await chooseTestDatabase({}, engine(false))).kind).toBe('pglite');
    expect((await chooseTestDatabase({ DATABASE_URL: 'memory://' }, engine(false))).kind).toBe('pglite');
  });

  it('should obey TEST_DATABASE without asking for an engine where it does not matter', async () => {
    const probe = engine(true);
    expect((await chooseTestDatabase({ TEST_DATABASE: 'pglite', DATABASE_URL: url }, probe)).kind).toBe('pglite');
    expect(await chooseTestDatabase({ TEST_DATABASE: 'url', DATABASE_URL: url }, probe)).toMatchObject({ kind: 'url', url });
    expect(probe).not.toHaveBeenCalled();
    expect((await chooseTestDatabase({ TEST_DATABASE: 'container' }, probe)).kind).toBe('container');
  });

  it('should refuse what cannot be honoured, saying why', async () => {
    await expect(chooseTestDatabase({ TEST_DATABASE: 'mysql' }, engine(false))).rejects.toThrow(
      'TEST_DATABASE must be one of pglite, url, container, got "mysql"',
    );
    await expect(chooseTestDatabase({ TEST_DATABASE: 'url' }, engine(false))).rejects.toThrow('TEST_DATABASE=url needs DATABASE_URL');
    await expect(chooseTestDatabase({ TEST_DATABASE: 'container' }, engine(false))).rejects.toThrow('no container engine answers');
  });
});
