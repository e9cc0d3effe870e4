/** Loopback ports of the browser suite: the apps under test and the simulators they talk to. */
export const BROWSER_APP_PORT = 3100;
export const BROWSER_OPENAI_PORT = 3101;
export const BROWSER_GOOGLE_APP_PORT = 3102;
export const BROWSER_GOOGLE_FAKE_PORT = 3103;
export const BROWSER_NOTION_PORT = 3104;
/** The fixture website (test/fixtures/site) that training-data collection crawls. */
export const BROWSER_SITE_PORT = 3105;
export const NOTION_FAKE_URL = `http://127.0.0.1:${BROWSER_NOTION_PORT}`;
export const OPENAI_FAKE_URL = `http://127.0.0.1:${BROWSER_OPENAI_PORT}`;
export const GOOGLE_FAKE_URL = `http://127.0.0.1:${BROWSER_GOOGLE_FAKE_PORT}`;
export const SITE_URL = `http://127.0.0.1:${BROWSER_SITE_PORT}`;
/** The second app signs in with Google (the simulator) and offers the Drive folder picker. */
export const GOOGLE_APP_URL = `http://127.0.0.1:${BROWSER_GOOGLE_APP_PORT}`;
export const GOOGLE_ACCOUNT_EMAIL = 'ada@quire.test';
