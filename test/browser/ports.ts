/** Loopback ports of the browser suite: the app under test and the OpenAI simulator. */
export const BROWSER_APP_PORT = 3100;
export const BROWSER_OPENAI_PORT = 3101;
export const OPENAI_FAKE_URL = `http://127.0.0.1:${BROWSER_OPENAI_PORT}`;
