// Databases of their own for test workers running at once on one PostgreSQL server: made empty
// beside the database a URL names (`<name>_<tag>_1`, `_2`, …) and dropped afterwards. Used by the
// API end-to-end suite (a database per jest worker) and the browser suite (one per lane).
const { Client } = require('pg');

const quote = (name) => `"${name.replace(/"/g, '""')}"`;

/** @returns {Promise<string[]>} the URLs of `count` new empty databases */
async function makeWorkerDatabases(url, tag, count) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1)) || 'postgres';
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const urls = [];
    for (let i = 1; i <= count; i++) {
      const database = `${name}_${tag}_${i}`;
      await client.query(`drop database if exists ${quote(database)} with (force)`);
      await client.query(`create database ${quote(database)}`);
      const workerUrl = new URL(url);
      workerUrl.pathname = `/${encodeURIComponent(database)}`;
      urls.push(workerUrl.toString());
    }
    return urls;
  } finally {
    await client.end();
  }
}

async function dropWorkerDatabases(url, urls) {
  if (urls.length === 0) return;
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    for (const workerUrl of urls) await client.query(`drop database if exists ${quote(decodeURIComponent(new URL(workerUrl).pathname.slice(1)))} with (force)`);
  } finally {
    await client.end();
  }
}

module.exports = { makeWorkerDatabases, dropWorkerDatabases };
