// `npm run demo`: Quire on its own embedded database (./data-demo) with the Notion, OpenAI,
// Anthropic and Google simulators on loopback and sample data, so articles are written within a minute with no
// accounts. Sign in with the (simulated) Google button; Ctrl-C stops everything.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { client, fakes, root, seedTemplate, signIn, startServer, stop } from './lib/harness.mjs';

const port = Number(process.env.PORT ?? 3000);
const baseUrl = `http://localhost:${port}`;
const { NotionFake, OpenAiFake, GoogleFake, AnthropicFake } = fakes();
const notion = await new NotionFake().start(4101);
const openai = await new OpenAiFake().start(4102);
const google = await new GoogleFake().start(4103);
const anthropic = await new AnthropicFake().start(4105);
// A small blog on loopback to collect training data from (the crawler may reach it because the demo allows private networks).
const { FixtureSite } = createRequire(import.meta.url)(join(root, 'dist-fakes/fixture-site.js'));
const site = await new FixtureSite().start(4104);
openai.chatLatencyMs = 1500;
google.account = { sub: 'demo-operator', email: 'demo@quire.demo', email_verified: true, name: 'Demo Operator' };

const server = await startServer(
  {
    ...google.env('demo@quire.demo'),
    QUIRE_DEMO: 'true',
    HOST: '127.0.0.1',
    APP_URL: baseUrl,
    DATABASE_URL: '',
    DATA_DIR: join(root, 'data-demo'),
    NOTION_BASE_URL: notion.baseUrl,
    OPENAI_BASE_URL: openai.baseUrl,
    ANTHROPIC_BASE_URL: anthropic.baseUrl,
    NOTION_POLL_SECONDS: '5',
    CRAWL_ALLOW_PRIVATE_NETWORKS: 'true',
    CRAWL_HOST_DELAY_MS: '100',
  },
  { port, quiet: true },
);

const api = client(baseUrl, await signIn(baseUrl, 'google'));
await api('POST', '/api/user', { envVars: { NOTION_SECRET: notion.secret, DATABASE_ID: notion.databaseId, OPENAI_API_KEY: openai.apiKey } });
// A second vendor beside OpenAI: Home › Model providers shows it, and its Test lists its models.
if ((await api('GET', '/api/connections')).length === 0) {
  await api('POST', '/api/connections', { kind: 'anthropic', name: 'Claude', api_key: anthropic.apiKey });
}
const claude = (await api('GET', '/api/connections')).find((connection) => connection.kind === 'anthropic');
// Today's models, none with a shut-down date (the simulator lists OpenAI's lineup as it stands), so Home opens without a warning.
if ((await api('GET', '/api/models')).length === 0) {
  await seedTemplate(api, { title: 'Buying guide', type: 'Guide', headings: ['Introduction', 'What to look for', 'Our picks', 'FAQ'], baseModel: 'gpt-5.6' });
  // A review's sections taken in turn by a GPT and by Claude.
  await seedTemplate(api, {
    title: 'Product review',
    type: 'Review',
    headings: ['Verdict', 'Pros and cons', 'Who it is for'],
    baseModel: 'gpt-5.6-mini',
    moreModels: claude ? [{ base_model: 'claude-sonnet-4-6', connection_id: claude._id }] : [],
  });
  // A model holding examples in the house style, to guide sections with and to evaluate (Current Models › Evaluate).
  const voice = await api('POST', '/api/models', { name: 'Acme house style', base_model: 'gpt-5.6-mini' });
  const topics = [
    'hiking boots',
    'tents',
    'sleeping bags',
    'backpacks',
    'trail running shoes',
    'rain jackets',
    'camping stoves',
    'headlamps',
    'trekking poles',
    'water filters',
    'climbing harnesses',
    'base layers',
  ];
  for (const [i, topic] of topics.entries()) {
    const messages = [
      { role: 'system', content: 'You write the introductions of Acme Outdoors buying guides: warm, practical, no hype.' },
      { role: 'user', content: `Write the introduction of a buying guide to ${topic}.` },
      {
        role: 'assistant',
        content: `Good ${topic} make a day outside easier. This guide explains what matters when you choose ${topic}, which features are worth paying for, and which you can skip.`,
      },
    ];
    await api('POST', `/api/models/${voice._id}/add-example`, {
      example: { uuid: `demo-example-${i + 1}`, article_uuid: `demo-article-${i + 1}`, clusterId: 0, messages },
    });
  }
  const acme = await api('POST', '/api/clients', { name: 'Acme Outdoors' });
  await api('POST', `/api/clients/${acme._id}/save-path`, { folderId: 'demo-acme-folder', folderName: 'Acme Outdoors articles' });
}
// A writer on Claude, and an evaluation of the house style's examples written by a GPT and by a Claude
// model (each shown three of the other examples), so Evaluations compares the two vendors out of the box.
const models = await api('GET', '/api/models');
let claudeWriter = claude && models.find((model) => model.connection_id === claude._id);
if (claude && !claudeWriter) {
  claudeWriter = await api('POST', '/api/models', { name: 'Claude writer', base_model: 'claude-sonnet-4-6', connection_id: claude._id });
}
const houseStyle = models.find((model) => model.name === 'Acme house style');
if (houseStyle && claudeWriter && (await api('GET', '/api/evaluations')).length === 0) {
  await api('POST', '/api/evaluations', {
    modelId: houseStyle._id,
    holdout: 4,
    variants: [
      { label: 'GPT-5.6 mini', model: houseStyle._id, examples_count: 3 },
      { label: 'Claude Sonnet 4.6', model: claudeWriter._id, examples_count: 3 },
    ],
  });
}
const rows = [
  { title: 'Best hiking boots for beginners', type: 'Guide', client: 'Acme Outdoors', extra: { Keyword: 'hiking boots' } },
  { title: 'How to choose a tent', type: 'Guide', client: 'Acme Outdoors', extra: { Keyword: 'tents' } },
  { title: 'Choosing a sleeping bag', type: 'Guide', extra: { Keyword: 'sleeping bags' } },
  { title: 'Trailrunner 3 review', type: 'Review', extra: { Keyword: 'trail running shoes' } },
  { title: 'Summit 45L backpack review', type: 'Review', extra: { Keyword: 'backpacks' } },
];
for (const row of rows) notion.addRow({ ...row, status: 'Start Generating' });

console.log(`
  Quire demo: ${baseUrl}
  Press "Sign in with Google" (simulated: you are the Demo Operator), then open History.
  Five Notion rows are waiting in "Start Generating"; Quire checks Notion every 5 seconds.
  Once they are written, press an article's title in History to read it inside Quire.
  To compare setups, open Current Models › "Acme house style" › Evaluate.
  For training data, open Current Models › Submit training URL and enter ${site.url}/
  (a sample blog served on this machine).
  Home › Model providers has Claude beside OpenAI: Test lists the models its key may use.
  Current Models › All evaluations compares a GPT and a Claude writer on the house style: judge their outputs blind.
  Notion, OpenAI, Anthropic and Google Drive are simulators on this machine; nothing leaves it.
  Ctrl-C stops the demo (its data stays in ./data-demo).
`);

const shutdown = async () => {
  await stop(server.child);
  await Promise.all([notion.stop(), openai.stop(), google.stop(), anthropic.stop(), site.stop()]);
  process.exit(0);
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
