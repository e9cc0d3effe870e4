import { expect, Page, test } from './lane';
import { signIn, signInWithGoogle } from './helpers';
import { GOOGLE_APP_URL } from './ports';

/** A stand-in for Google's Picker API: records how it was built and "picks" the folder it is given. */
async function injectPickerDouble(page: Page, folder: { id: string; name: string } | null) {
  await page.addInitScript((picked) => {
    const calls: Record<string, unknown> & { views: Record<string, unknown>[] } = { views: [] };
    (window as unknown as { __picker: Record<string, unknown> }).__picker = calls;
    class DocsView {
      readonly settings: Record<string, unknown>;
      constructor(viewId: string) {
        this.settings = { viewId };
      }
      setSelectFolderEnabled(v: boolean) {
        this.settings.selectFolder = v;
        return this;
      }
      setIncludeFolders(v: boolean) {
        this.settings.includeFolders = v;
        return this;
      }
      setMimeTypes(v: string) {
        this.settings.mimeTypes = v;
        return this;
      }
      setEnableDrives(v: boolean) {
        this.settings.enableDrives = v;
        return this;
      }
    }
    class PickerBuilder {
      private callback: (data: Record<string, unknown>) => void = () => undefined;
      addView(view: DocsView) {
        calls.views.push(view.settings);
        return this;
      }
      enableFeature(feature: string) {
        calls.feature = feature;
        return this;
      }
      setOAuthToken(token: string) {
        calls.token = token;
        return this;
      }
      setDeveloperKey(key: string) {
        calls.apiKey = key;
        return this;
      }
      setAppId(appId: string) {
        calls.appId = appId;
        return this;
      }
      setTitle(title: string) {
        calls.title = title;
        return this;
      }
      setCallback(callback: (data: Record<string, unknown>) => void) {
        this.callback = callback;
        return this;
      }
      build() {
        return {
          setVisible: () => {
            calls.shown = true;
            setTimeout(() => this.callback(picked ? { action: 'picked', docs: [{ id: picked.id, name: picked.name }] } : { action: 'cancel' }), 50);
          },
        };
      }
    }
    (window as unknown as { google: unknown }).google = {
      picker: {
        PickerBuilder,
        DocsView,
        ViewId: { FOLDERS: 'folders' },
        Action: { PICKED: 'picked', CANCEL: 'cancel' },
        Response: { ACTION: 'action', DOCUMENTS: 'docs' },
        Document: { ID: 'id', NAME: 'name' },
      },
    };
  }, folder);
}

const clientRow = (page: Page, name: string) =>
  page
    .getByRole('table', { name: 'Manage Clients/Sites' })
    .getByRole('row')
    .filter({ has: page.getByRole('cell', { name, exact: true }) });

test.describe('Manage Clients/Sites', () => {
  test('adds a client (ignoring a blank name), explains why the picker is unavailable, and deletes it', async ({ page }) => {
    await signIn(page);
    await page.getByRole('menuitem', { name: 'Manage Clients/Sites' }).click();
    let posts = 0;
    page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/clients') && posts++);
    await page.getByRole('textbox', { name: 'Client or website name' }).fill('   ');
    await page.getByRole('button', { name: 'Add' }).click();
    await page.getByRole('textbox', { name: 'Client or website name' }).fill('Local Client');
    await page.getByRole('textbox', { name: 'Client or website name' }).press('Enter');
    await expect(page.getByText('Client saved!')).toBeVisible();
    // One POST in all, and still one a moment later: the blank name sent nothing (counted once every request has had time to arrive).
    await expect.poll(() => posts).toBe(1);
    await page.waitForTimeout(500);
    expect(posts).toBe(1);
    await expect(clientRow(page, 'Local Client')).toContainText('Not set');
    await expect(page.getByRole('textbox', { name: 'Client or website name' })).toHaveValue('');

    await clientRow(page, 'Local Client').getByRole('button', { name: 'Set Save Path' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'The Drive folder picker is not configured on this server' })).toBeVisible();

    page.on('dialog', (dialog) => dialog.accept());
    await clientRow(page, 'Local Client').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Client deleted.')).toBeVisible();
    await expect(clientRow(page, 'Local Client')).toBeHidden();
  });

  test('sets a save path through the Google Picker after Google sign-in', async ({ page }) => {
    await injectPickerDouble(page, { id: '1FolderIdFromPicker', name: 'Acme Articles' });
    await signInWithGoogle(page);
    await page.goto(`${GOOGLE_APP_URL}/clients`);
    await page.getByRole('textbox', { name: 'Client or website name' }).fill('Acme Blog');
    await page.getByRole('button', { name: 'Add' }).click();
    await expect(clientRow(page, 'Acme Blog')).toContainText('Not set');
    await clientRow(page, 'Acme Blog').getByRole('button', { name: 'Set Save Path' }).click();
    await expect(page.getByText('Save path updated for client.')).toBeVisible();
    const link = clientRow(page, 'Acme Blog').getByRole('link', { name: 'Acme Articles' });
    await expect(link).toHaveAttribute('href', 'https://drive.google.com/drive/folders/1FolderIdFromPicker');
    const calls = await page.evaluate(() => (window as unknown as { __picker: Record<string, unknown> }).__picker);
    expect(calls).toMatchObject({ title: 'Select a Google Drive Folder', apiKey: 'browser-test-picker-key', appId: '424242', shown: true });
    const folders = { viewId: 'folders', selectFolder: true, includeFolders: true, mimeTypes: 'application/vnd.google-apps.folder' };
    // My Drive's folders, then shared drives (a view with drives enabled shows only those).
    expect(calls.views).toEqual([folders, { ...folders, enableDrives: true }]);
    expect(calls.feature).toBeUndefined();
    expect(String(calls.token)).toMatch(/^ya29\./);
  });
});
