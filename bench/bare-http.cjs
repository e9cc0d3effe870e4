// The floor for GET /api/me: node:http alone answering BODY (the JSON a signed-in /api/me answers,
// so the same size), with no framework, no middleware and no database. Started as its own process.
const { createServer } = require('node:http');

const body = Buffer.from(process.env.BODY ?? '{}');
createServer((req, res) => {
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare ready'));
