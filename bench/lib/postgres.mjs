// The PostgreSQL database a bench runs on, made afresh.
import pg from 'pg';

/** Drops and makes the database `url` names, for a bench's PostgreSQL rows; false (and says why) when no server answers. */
export async function freshPostgres(url) {
  const adminUrl = new URL(url);
  const name = adminUrl.pathname.slice(1);
  adminUrl.pathname = '/postgres';
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  try {
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.query(`create database ${name}`);
    return true;
  } catch (error) {
    console.error(`PostgreSQL not reachable at ${url}: ${error.message}; skipping its rows`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
