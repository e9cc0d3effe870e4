import { violations } from './axe';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { GoogleAccount } from '../fakes/google-fake';
import { Browser, expect, Page, test } from './lane';
import { shot, workspaceSwitcher } from './helpers';
import { OwnQuire } from './own-quire';

/**
 * The dashboard's half of Notion's webhooks: Home's "Notion webhook" card through a subscription's life, with the
 * test in Notion's place (its verification request, then a signed delivery). An owner and a viewer
 * of one workspace are needed, so the spec runs its own Quire in Google sign-in mode, as
 * workspaces.spec.ts does; its webhook state stays out of the lane's database too.
 */
const ADA: GoogleAccount = { sub: '4001', email: 'ada@quire.test', email_verified: true, name: 'Ada Lovelace' };
const BO: GoogleAccount = { sub: '4002', email: 'bo@quire.test', email_verified: true, name: 'Bo Viewer' };
const TOKEN = `secret_abc${randomBytes(24).toString('hex')}`;

const quire = new OwnQuire('webhook', [ADA.email, BO.email]);
const people: { ada?: Page; bo?: Page } = {};

/** A person signed in, in a context of their own. */
const signInAs = (browser: Browser, account: GoogleAccount) => quire.signInAs(browser, account, ['clipboard-read', 'clipboard-write']);

const card = (page: Page) => page.getByRole('region', { name: 'Notion webhook' });
const address = (page: Page) => card(page).getByRole('textbox', { name: 'Webhook address' });
const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

/** What Notion does: a POST to the webhook address, the path the card shows on this test's server. */
async function deliver(page: Page, body: string, headers: Record<string, string> = {}): Promise<number> {
  const path = new URL(await address(page).inputValue()).pathname;
  const response = await fetch(`${quire.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
  await response.arrayBuffer();
  return response.status;
}

/** A Notion event, signed as Notion signs one: HMAC-SHA256 of the raw body, keyed by the verification token. */
function signedEvent(key: string): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    id: randomUUID(),
    type: 'page.content_updated',
    api_version: '2026-03-11',
    entity: { id: randomUUID(), type: 'page' },
    authors: [{ id: 'x', type: 'person' }],
    data: {},
  });
  return { body, headers: { 'x-notion-signature': `sha256=${createHmac('sha256', key).update(body).digest('hex')}` } };
}

test.describe.configure({ mode: 'serial' });

test.describe('Home: the Notion webhook card', () => {
  test.beforeAll(() => quire.start());

  test.afterAll(() => quire.stop());

  test('shows the owner the address to paste into Notion, copies it, and waits for the verification request', async ({ browser }) => {
    const ada = (people.ada = await signInAs(browser, ADA));
    await expect(address(ada)).toHaveValue(new RegExp(`^${quire.url}/api/webhooks/notion/[0-9a-f]{64}$`));
    await expect(address(ada)).not.toBeEditable();
    await expect(card(ada).getByRole('link', { name: 'notion.so/profile/integrations' })).toHaveAttribute('href', 'https://www.notion.so/profile/integrations');
    await expect(card(ada).getByText('"Page properties updated" and "Page created"')).toBeVisible();
    await expect(card(ada).getByRole('status')).toHaveText("Waiting for Notion's verification request");
    // Nothing to forget yet.
    await expect(card(ada).getByRole('button', { name: 'Reset' })).toHaveCount(0);

    await card(ada).getByRole('button', { name: 'Copy Webhook address' }).click();
    await expect(ada.getByText('Copied', { exact: true })).toBeVisible();
    expect(await clipboard(ada)).toBe(await address(ada).inputValue());
    await shot(card(ada), 'webhook-waiting');

    // The card collapses and opens again like the settings cards, by keyboard too.
    const toggle = ada.getByRole('button', { name: 'Notion webhook' });
    await toggle.focus();
    await ada.keyboard.press('Enter');
    await expect(address(ada)).toBeHidden();
    await ada.keyboard.press('Enter');
    await expect(address(ada)).toBeVisible();
  });

  test("after Notion's verification request the owner sees the token and copies it; a viewer sees neither it nor Reset", async ({ browser }) => {
    const ada = people.ada!;
    const invited = await ada.request.post('/api/invitations', { data: { email: BO.email, role: 'viewer' } });
    expect(invited.status(), await invited.text()).toBe(201);
    const bo = (people.bo = await signInAs(browser, BO));
    const adas = (await (await ada.request.get('/api/me')).json()).workspace.id;
    expect((await bo.request.put('/api/me/workspace', { data: { id: adas } })).ok()).toBe(true);

    expect(await deliver(ada, JSON.stringify({ verification_token: TOKEN }))).toBe(200);
    // The card reads the state again by itself while it waits: no reload.
    const token = card(ada).getByRole('textbox', { name: 'Verification token' });
    await expect(token).toHaveValue(TOKEN, { timeout: 15_000 });
    await expect(token).not.toBeEditable();
    await expect(card(ada).getByText("Notion sent this verification token — paste it into Notion's Verify dialog:")).toBeVisible();
    await card(ada).getByRole('button', { name: 'Copy Verification token' }).click();
    await expect(ada.getByText('Copied', { exact: true })).toBeVisible();
    expect(await clipboard(ada)).toBe(TOKEN);
    await shot(card(ada), 'webhook-token');

    await bo.goto('/');
    await expect(workspaceSwitcher(bo)).toContainText('Viewer');
    await expect(address(bo)).toHaveValue(await address(ada).inputValue());
    await expect(card(bo).getByText("Notion sent its verification token: an owner of the workspace pastes it into Notion's Verify dialog.")).toBeVisible();
    await expect(card(bo).getByRole('textbox', { name: 'Verification token' })).toHaveCount(0);
    await expect(card(bo).getByRole('button', { name: 'Reset' })).toHaveCount(0);
    expect(await bo.content()).not.toContain(TOKEN);
    await shot(card(bo), 'webhook-viewer');
  });

  test('a signed delivery makes it Verified; one signed with another key is refused and changes nothing', async () => {
    const ada = people.ada!;
    const forged = signedEvent('secret_not_the_token');
    expect(await deliver(ada, forged.body, forged.headers)).toBe(401);
    await ada.reload();
    await expect(card(ada).getByRole('textbox', { name: 'Verification token' })).toHaveValue(TOKEN);

    const event = signedEvent(TOKEN);
    expect(await deliver(ada, event.body, event.headers)).toBe(200);
    const status = card(ada).getByRole('status');
    await expect(status.getByText('Verified', { exact: true })).toBeVisible({ timeout: 15_000 });
    await expect(status).toContainText(/since .+/);
    await expect(status).toContainText(/Last delivery: .+\d/);
    await expect(status).toContainText('While Notion delivers, Quire checks the database every 10 minutes as a safety net.');
    await expect(card(ada).getByRole('textbox', { name: 'Verification token' })).toHaveCount(0);
    await shot(card(ada), 'webhook-verified');

    expect(await violations(ada)).toEqual([]);
  });

  test('Reset asks first, then forgets the token: the card waits for a new verification request', async () => {
    const ada = people.ada!;
    const reset = card(ada).getByRole('button', { name: 'Reset' });
    const dialog = ada.getByRole('dialog', { name: 'Forget the verification token?' });

    await reset.click();
    await expect(dialog).toContainText('Use this after creating a new subscription in Notion.');
    await shot(ada, 'webhook-reset-confirm');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    await expect(card(ada).getByRole('status').getByText('Verified', { exact: true })).toBeVisible();

    // Held a moment at the network: the button is disabled meanwhile.
    await ada.route('**/api/notion-webhook/reset', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await reset.click();
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    await expect(card(ada).getByRole('button', { name: 'Resetting...' })).toBeDisabled();
    await expect(ada.getByText("The webhook is reset: Quire waits for the new subscription's verification request.")).toBeVisible();
    await expect(card(ada).getByRole('status')).toHaveText("Waiting for Notion's verification request");
    await expect(card(ada).getByRole('button', { name: /^Reset/ })).toHaveCount(0);
    await shot(card(ada), 'webhook-reset');

    // A new subscription's verification request is taken again.
    expect(await deliver(ada, JSON.stringify({ verification_token: `${TOKEN}_2` }))).toBe(200);
    await expect(card(ada).getByRole('textbox', { name: 'Verification token' })).toHaveValue(`${TOKEN}_2`, { timeout: 15_000 });
  });
});
