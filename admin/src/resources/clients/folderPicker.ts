/** The parts of Google's Picker API that the folder picker uses (loaded from apis.google.com). */
interface PickerApi {
  PickerBuilder: new () => PickerBuilder;
  DocsView: new (viewId?: string) => DocsView;
  ViewId: { FOLDERS: string };
  Action: { PICKED: string; CANCEL: string };
  Response: { ACTION: string; DOCUMENTS: string };
  Document: { ID: string; NAME: string };
}

interface DocsView {
  setSelectFolderEnabled(enabled: boolean): DocsView;
  setIncludeFolders(include: boolean): DocsView;
  setMimeTypes(types: string): DocsView;
  setEnableDrives(enabled: boolean): DocsView;
}

interface PickerBuilder {
  addView(view: DocsView): PickerBuilder;
  setOAuthToken(token: string): PickerBuilder;
  setDeveloperKey(key: string): PickerBuilder;
  setAppId(appId: string): PickerBuilder;
  setTitle(title: string): PickerBuilder;
  setCallback(callback: (data: Record<string, unknown>) => void): PickerBuilder;
  build(): { setVisible(visible: boolean): void };
}

declare global {
  interface Window {
    google?: { picker?: PickerApi };
    gapi?: { load(name: string, options: { callback: () => void; onerror?: () => void }): void };
  }
}

export interface PickedFolder {
  id: string;
  name: string;
}

let loading: Promise<PickerApi> | null = null;

/** Loads the Picker once; a page that already has one (a test double) is used as it is. */
function loadPicker(): Promise<PickerApi> {
  if (window.google?.picker) return Promise.resolve(window.google.picker);
  loading ??= new Promise<PickerApi>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://apis.google.com/js/api.js';
    script.async = true;
    script.onerror = () => reject(new Error('Could not load the Google Picker'));
    script.onload = () =>
      window.gapi!.load('picker', {
        callback: () => (window.google?.picker ? resolve(window.google.picker) : reject(new Error('No Picker'))),
        onerror: () => reject(new Error('Could not load the Google Picker')),
      });
    document.head.appendChild(script);
  }).catch((error) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * Opens the Picker for one Drive folder, in My Drive or a shared drive; resolves null when the
 * operator cancels. The app id is what grants Quire's drive.file access to the folder picked.
 */
export async function pickFolder(options: { token: string; apiKey: string; appId: string; title: string }): Promise<PickedFolder | null> {
  const picker = await loadPicker();
  const folders = () =>
    new picker.DocsView(picker.ViewId.FOLDERS).setSelectFolderEnabled(true).setIncludeFolders(true).setMimeTypes('application/vnd.google-apps.folder');
  return new Promise((resolve) => {
    new picker.PickerBuilder()
      .addView(folders())
      // A view with drives enabled shows only shared drives: it is a second tab beside My Drive.
      .addView(folders().setEnableDrives(true))
      .setOAuthToken(options.token)
      .setDeveloperKey(options.apiKey)
      .setAppId(options.appId)
      .setTitle(options.title)
      .setCallback((data) => {
        const action = data[picker.Response.ACTION];
        if (action === picker.Action.PICKED) {
          const [doc] = data[picker.Response.DOCUMENTS] as Record<string, string>[];
          resolve({ id: doc[picker.Document.ID], name: doc[picker.Document.NAME] });
        } else if (action === picker.Action.CANCEL) {
          resolve(null);
        }
      })
      .build()
      .setVisible(true);
  });
}
