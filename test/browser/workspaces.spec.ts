import { violations } from './axe';
import { GoogleAccount } from '../fakes/google-fake';
import { Browser, expect, Locator, Page, test } from './lane';
import { shot, workspaceSwitcher } from './helpers';
import { OwnQuire } from './own-quire';

/**
 * The dashboard's half of workspaces: the workspace switcher, Members, Invitations, a viewer's read-only
 * screens and the audit log. Several people are needed, so the spec runs its own Quire in Google
 * sign-in mode against its own Google simulator, whose allow-list admits four of them; each person
 * has a browser context of their own.
 */
const ADA: GoogleAccount = { sub: '3001', email: 'ada@quire.test', email_verified: true, name: 'Ada Lovelace' };
const BO: GoogleAccount = { sub: '3002', email: 'bo@quire.test', email_verified: true, name: 'Bo Viewer' };
const CY: GoogleAccount = { sub: '3003', email: 'cy@quire.test', email_verified: true, name: 'Cy Editor' };
const DAN = 'dan@quire.test';

type Me = { name: string; workspace: { id: string; name: string; role: string }; workspaces: { id: string; name: string; role: string }[] };

const quire = new OwnQuire('workspaces', [ADA.email, BO.email, CY.email, DAN]);
const people: { ada?: Page; bo?: Page } = {};

/** A person signed in, in a context of their own. */
const signInAs = (browser: Browser, account: GoogleAccount) => quire.signInAs(browser, account);

const me = async (page: Page): Promise<Me> => (await page.request.get('/api/me')).json();

/** A record through the API, as the person's session (its current workspace). */
async function post(page: Page, path: string, data: object): Promise<{ _id: string }> {
  const res = await page.request.post(path, { data });
  expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
  return res.json();
}

/** A section and the model it writes with, through the API, in the person's current workspace. */
async function addSection(page: Page, name: string): Promise<string> {
  const model = await post(page, '/api/models', { name: `${name} model`, base_model: 'gpt-4o' });
  const section = { name, model: model._id, temperature: 0.7, logit_bias_group: null, system_message: 'You write.', user_message: 'Write.', notes: '' };
  return (await post(page, '/api/sections', section))._id;
}

test.describe.configure({ mode: 'serial' });

test.describe('Workspaces: switcher, members, invitations, viewers and the audit log', () => {
  test.beforeAll(() => quire.start());

  test.afterAll(() => quire.stop());

  test('an owner invites by email and role, and revokes an invitation after confirming', async ({ browser }) => {
    const ada = (people.ada = await signInAs(browser, ADA));
    await addSection(ada, "Ada's intro");

    await ada.getByRole('menuitem', { name: 'Invitations' }).click();
    await expect(ada).toHaveURL(/\/invitations$/);
    for (const [email, role] of [
      [BO.email, 'Editor'],
      [CY.email, 'Editor'],
      [DAN, 'Viewer'],
    ] as const) {
      await ada.getByRole('link', { name: 'Invite someone' }).click();
      await expect(ada).toHaveURL(/\/invitations\/new$/);
      await ada.getByRole('textbox', { name: 'Email' }).fill(email);
      await ada.getByRole('combobox', { name: 'Role' }).click();
      await ada.getByRole('option', { name: role }).click();
      await ada.getByRole('button', { name: 'Invite' }).click();
      await expect(ada.getByText(`${email} is invited.`)).toBeVisible();
      await expect(ada).toHaveURL(/\/invitations$/);
    }
    const table = ada.getByRole('table', { name: 'Invitations' });
    const danRow = table.getByRole('row').filter({ hasText: DAN });
    await expect(danRow).toContainText('Viewer');
    await expect(danRow).toContainText('Ada Lovelace');
    await expect(danRow).toContainText('Pending');

    // Inviting the same email twice is refused with the server's reason.
    await ada.getByRole('link', { name: 'Invite someone' }).click();
    await ada.getByRole('textbox', { name: 'Email' }).fill(DAN);
    await ada.getByRole('button', { name: 'Invite' }).click();
    await expect(ada.getByText(/^Could not invite\. .+/)).toBeVisible();
    await ada.getByRole('button', { name: 'Cancel' }).click();

    await table
      .getByRole('group', { name: `Actions: ${DAN}` })
      .getByRole('button', { name: 'Revoke' })
      .click();
    const confirm = ada.getByRole('dialog', { name: `Revoke the invitation of ${DAN}?` });
    await confirm.getByRole('button', { name: 'Confirm' }).click();
    await expect(ada.getByText('Invitation revoked.')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: DAN })).toHaveCount(0);
    await expect(table.getByRole('row').filter({ hasText: BO.email })).toHaveCount(1);
  });

  test('the invited join at their next sign-in; the owner changes a role and removes a member', async ({ browser }) => {
    const ada = people.ada!;
    people.bo = await signInAs(browser, BO);
    await signInAs(browser, CY);

    await ada.getByRole('menuitem', { name: 'Members' }).click();
    const table = ada.getByRole('table', { name: 'Members' });
    await expect(table.getByRole('row')).toHaveCount(4);
    await expect(table.getByRole('row').filter({ hasText: ADA.email })).toContainText('Ada Lovelace (you)');

    await table.getByRole('combobox', { name: `Role of ${BO.name}` }).click();
    await ada.getByRole('option', { name: 'Viewer' }).click();
    await expect(ada.getByText(`${BO.name} is now Viewer.`)).toBeVisible();
    await expect(table.getByRole('combobox', { name: `Role of ${BO.name}` })).toHaveText('Viewer');

    // The last owner cannot step down: the server says why.
    await table.getByRole('combobox', { name: `Role of ${ADA.name}` }).click();
    await ada.getByRole('option', { name: 'Editor' }).click();
    await expect(ada.getByText(/^Could not change the role\. .+/)).toBeVisible();
    await expect(ada.getByRole('listbox')).toBeHidden();
    await expect(table.getByRole('combobox', { name: `Role of ${ADA.name}` })).toHaveText('Owner');

    await shot(ada, 'ws-members');

    await table
      .getByRole('group', { name: `Actions: ${CY.name}` })
      .getByRole('button', { name: 'Remove' })
      .click();
    await ada
      .getByRole('dialog', { name: `Remove ${CY.name} from this workspace?` })
      .getByRole('button', { name: 'Confirm' })
      .click();
    await expect(ada.getByText(`${CY.name} was removed from the workspace.`)).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: CY.email })).toHaveCount(0);
    await expect(table.getByRole('row')).toHaveCount(3);
  });

  test("the switcher moves a person to another workspace: the lists are that workspace's", async () => {
    const bo = people.bo!;
    await addSection(bo, "Bo's own section");
    const adas = (await me(people.ada!)).workspace;
    const own = (await me(bo)).workspace;
    expect((await me(bo)).workspaces.map((w) => w.name).sort()).toEqual([adas.name, own.name].sort());

    await bo.goto('/sections');
    await expect(bo.getByRole('cell', { name: "Bo's own section", exact: true })).toBeVisible();
    await expect(workspaceSwitcher(bo)).toContainText(own.name);
    // Spoken as shown, then what it does.
    await expect(workspaceSwitcher(bo)).toHaveAccessibleName(`${own.name} Owner`);
    await expect(workspaceSwitcher(bo)).toHaveAccessibleDescription(/^Your current workspace and your role in it: opens the menu/);
    await workspaceSwitcher(bo).click();
    await expect(bo.getByRole('menu', { name: 'Your workspaces' })).toBeVisible();
    await expect(bo.getByRole('menuitem', { name: new RegExp(`${adas.name}\\s*Viewer`) })).toBeVisible();
    await expect(bo.getByRole('menuitem', { name: new RegExp(`${own.name}\\s*Owner`) })).toBeVisible();
    await expect(bo.getByRole('menuitem', { name: 'New workspace…' })).toBeVisible();
    await shot(bo, 'ws-switcher');

    // The switch held a moment at the network: the control is disabled meanwhile.
    await bo.route('**/api/me/workspace', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await bo.getByRole('menuitem', { name: new RegExp(adas.name) }).click();
    await expect(workspaceSwitcher(bo)).toBeDisabled();
    await expect(workspaceSwitcher(bo)).toBeEnabled();
    await bo.unroute('**/api/me/workspace');
    await expect(bo).toHaveURL(/\/$/);
    await expect(workspaceSwitcher(bo)).toContainText(adas.name);
    await expect(workspaceSwitcher(bo)).toContainText('Viewer');
    await bo.getByRole('menuitem', { name: 'Current Sections' }).click();
    await expect(bo.getByRole('cell', { name: "Ada's intro", exact: true })).toBeVisible();
    await expect(bo.getByRole('cell', { name: "Bo's own section", exact: true })).toHaveCount(0);
  });

  test('a viewer sees no create, edit or delete anywhere, and the settings read-only', async () => {
    const bo = people.bo!;
    const ada = people.ada!;
    const model = (await (await ada.request.get('/api/models')).json())[0];
    const sectionId = (await (await ada.request.get('/api/sections')).json())[0]._id;
    await post(ada, '/api/articles', {
      article_title: 'Ada article',
      article_type: 'blog',
      sections: [
        {
          section: sectionId,
          heading: "Ada's intro",
          systemPrompt: 'You write.',
          userPrompt: 'Write.',
          model: model._id,
          temperature: 0.7,
          logit_bias_group: null,
        },
      ],
    });

    // The sidebar offers no create screens.
    await bo.goto('/sections');
    await expect(bo.getByRole('cell', { name: "Ada's intro", exact: true })).toBeVisible();
    await expect(bo.getByRole('menuitem', { name: 'Current Sections' })).toBeVisible();
    for (const entry of ['Create New Section', 'Create New Article', 'Create New Models']) {
      await expect(bo.getByRole('menuitem', { name: entry })).toHaveCount(0);
    }
    // Sections: no create, no row actions, no selection.
    await expect(bo.getByRole('link', { name: 'Create New Section' })).toHaveCount(0);
    for (const action of ['Edit', 'Copy', 'Delete']) await expect(bo.getByRole('button', { name: action })).toHaveCount(0);
    await expect(bo.getByRole('checkbox')).toHaveCount(0);
    // The spec's create route does not offer its form.
    await bo.goto('/sections/new');
    await expect(bo.getByRole('textbox', { name: 'Name' })).toHaveCount(0);
    await expect(bo.getByRole('button', { name: 'Create Section' })).toHaveCount(0);

    // Articles: the article reads, without Edit, Delete or Try it.
    await bo.goto('/articles');
    await bo.getByRole('combobox', { name: 'Article' }).click();
    await bo.getByRole('option', { name: 'Ada article' }).click();
    await expect(bo.getByRole('table', { name: 'Ada article' })).toBeVisible();
    for (const action of ['Edit', 'Delete', 'Try it'])
      await expect(bo.getByRole('link', { name: action }).or(bo.getByRole('button', { name: action }))).toHaveCount(0);

    // Models and Bias Words: nothing to change.
    await bo.goto('/models');
    await expect(bo.getByRole('cell', { name: "Ada's intro model", exact: true })).toBeVisible();
    for (const action of ['Fine-tune', 'Delete', 'Replace', 'Evaluate', 'Create New Models', 'Submit training URL']) {
      await expect(bo.getByRole('button', { name: action }).or(bo.getByRole('link', { name: action }))).toHaveCount(0);
    }
    await bo.goto('/biaswords');
    await expect(bo.getByRole('link', { name: '+ Create New List' })).toHaveCount(0);

    // Home: the settings read-only, without Save or Test connection.
    await bo.goto('/');
    const notion = bo.getByRole('form', { name: 'Notion Settings' });
    await expect(notion.getByText("Only the workspace's owners change or test these settings.")).toBeVisible();
    await expect(bo.getByRole('textbox', { name: 'Database ID' })).not.toBeEditable();
    await expect(bo.getByRole('textbox', { name: 'Notion Secret' })).not.toBeEditable();
    await expect(bo.getByRole('textbox', { name: 'OpenAI API Key' })).not.toBeEditable();
    for (const action of ['Save', 'Test connection', 'Check Notion now']) await expect(bo.getByRole('button', { name: action })).toHaveCount(0);
    // The model providers: read, never added, tested, edited or removed.
    await post(ada, '/api/connections', { kind: 'openai-compatible', name: "Ada's server", base_url: 'http://127.0.0.1:11434/v1' });
    await bo.reload();
    const providers = bo.getByRole('region', { name: 'Model providers' });
    await expect(providers.getByRole('table', { name: 'Connected providers' }).getByRole('row', { name: /Ada's server/ })).toBeVisible();
    await expect(providers.getByText("Only the workspace's owners add, test, edit or remove model providers.")).toBeVisible();
    await expect(providers.getByRole('form', { name: 'Add a model provider' })).toHaveCount(0);
    for (const action of ['Test', 'Edit', 'Remove']) await expect(providers.getByRole('button', { name: action })).toHaveCount(0);

    // The owners' screens are not in the sidebar; Members is, read-only.
    await expect(bo.getByRole('menuitem', { name: 'Invitations' })).toHaveCount(0);
    await expect(bo.getByRole('menuitem', { name: 'Audit log' })).toHaveCount(0);
    await bo.getByRole('menuitem', { name: 'Members' }).click();
    const members = bo.getByRole('table', { name: 'Members' });
    await expect(members.getByRole('row').filter({ hasText: ADA.email })).toContainText('Owner');
    await expect(members.getByRole('combobox')).toHaveCount(0);
    await expect(members.getByRole('button', { name: 'Remove' })).toHaveCount(0);
    await expect(members.getByRole('button', { name: 'Leave workspace' })).toBeVisible();
  });

  test('the audit log shows an edit with its changes, and filters by resource', async () => {
    const ada = people.ada!;
    await ada.goto('/sections');
    await ada.getByRole('group', { name: "Actions: Ada's intro" }).getByRole('link', { name: 'Edit' }).click();
    await ada.getByRole('textbox', { name: 'Name' }).fill("Ada's opening");
    await ada.getByRole('button', { name: 'Update' }).click();
    await expect(ada.getByText('Section updated!')).toBeVisible();

    await ada.getByRole('menuitem', { name: 'Audit log' }).click();
    const table = ada.getByRole('table', { name: 'Audit log' });
    const edit = table.getByRole('row').filter({ hasText: "name: Ada's intro → Ada's opening" });
    await expect(edit).toHaveCount(1);
    await expect(edit).toContainText('Ada Lovelace');
    await expect(edit).toContainText('update');
    await expect(edit).toContainText('sections');
    // Newest first: the edit is the first row under the header.
    await expect(table.getByRole('row').nth(1)).toContainText("Ada's opening");
    await shot(ada, 'ws-audit');

    await ada.getByRole('combobox', { name: 'Resource' }).click();
    await ada.getByRole('option', { name: 'members', exact: true }).click();
    await expect(ada).toHaveURL(/filter=.*members/);
    await expect(table.getByRole('row').filter({ hasText: 'sections' })).toHaveCount(0);
    const roleChange = table.getByRole('row').filter({ hasText: 'role: editor → viewer' });
    await expect(roleChange).toHaveCount(1);
    await expect(roleChange).toContainText('update');
  });

  test('axe finds no WCAG 2.1 A/AA violation on the new screens or the open switcher', async () => {
    const ada = people.ada!;
    const found: Record<string, string[]> = {};
    const check = async (name: string, ready: Locator) => {
      await expect(ready).toBeVisible();
      const lines = await violations(ada);
      if (lines.length > 0) found[name] = lines;
    };
    await ada.goto('/members');
    await check('members', ada.getByRole('table', { name: 'Members' }));
    await ada.goto('/invitations');
    // Every invitation was taken up or revoked.
    await check('invitations', ada.getByText('No invitations.'));
    await ada.goto('/invitations/new');
    await check('invitations/new', ada.getByRole('textbox', { name: 'Email' }));
    await ada.goto('/audit');
    await check('audit', ada.getByRole('table', { name: 'Audit log' }));
    await workspaceSwitcher(ada).click();
    await check('switcher', ada.getByRole('menuitem', { name: 'New workspace…' }));
    await ada.keyboard.press('Escape');
    expect(found).toEqual({});
  });

  test('"New workspace…" makes one and switches to it; leaving a workspace goes back to one of one\'s own', async () => {
    const ada = people.ada!;
    // By keyboard: the menu opens on the current workspace; End reaches "New workspace…".
    await workspaceSwitcher(ada).focus();
    await ada.keyboard.press('Enter');
    await expect(ada.getByRole('menuitem', { name: new RegExp((await me(ada)).workspace.name) })).toBeFocused();
    await ada.keyboard.press('End');
    await expect(ada.getByRole('menuitem', { name: 'New workspace…' })).toBeFocused();
    await ada.keyboard.press('Enter');
    const dialog = ada.getByRole('dialog', { name: 'New workspace' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill('Acme team');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(workspaceSwitcher(ada)).toContainText('Acme team');
    await expect(workspaceSwitcher(ada)).toContainText('Owner');
    await ada.goto('/sections');
    await expect(ada.getByText('No sections found.')).toBeVisible();

    const bo = people.bo!;
    const own = (await me(bo)).workspaces.find((w) => w.role === 'owner')!;
    await bo.goto('/members');
    bo.once('dialog', (dialog) => void dialog.accept());
    await bo.getByRole('button', { name: 'Leave workspace' }).click();
    await expect(workspaceSwitcher(bo)).toContainText(own.name);
    await expect(bo).toHaveURL(/\/$/);
    expect((await me(bo)).workspaces).toHaveLength(1);
  });
});
