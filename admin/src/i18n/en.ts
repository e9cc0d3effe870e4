import englishMessages from 'ra-language-english';

/** Every user-facing string of the dashboard, spelled exactly as the specification has it. */
export const quireMessages = {
  app: {
    loading: 'Loading...',
    title: 'Quire',
    welcome: 'Welcome, %{name}',
    pleaseLogIn: 'Please log in to access this app.',
  },
  login: {
    title: 'Sign in to Quire',
    signInWith: 'Sign in with %{provider}',
    providersFailed: 'Could not load the sign-in options. Reload the page to try again.',
  },
  menu: {
    home: 'Home',
    articleSettings: 'Article Settings',
    currentArticles: 'Current Articles',
    createArticle: 'Create New Article',
    sectionSettings: 'Section Settings',
    currentSections: 'Current Sections',
    createSection: 'Create New Section',
    modelSettings: 'Model Settings',
    currentModels: 'Current Models',
    createModels: 'Create New Models',
    clients: 'Manage Clients/Sites',
    biasWords: 'Bias Words',
    history: 'History',
    logout: 'Logout',
    logoutFailed: 'Logout failed. Please try again.',
  },
  home: {
    notionCard: 'Notion Settings',
    openAiCard: 'OpenAI Settings',
    notionSecret: 'Notion Secret',
    databaseId: 'Database ID',
    statusTitle: 'Custom status configuration',
    propertyName: 'Status property name',
    start: 'Start value',
    inProgress: 'In progress value',
    error: 'Error value',
    complete: 'Complete value',
    openAiKey: 'OpenAI API Key',
    save: 'Save',
    saving: 'Saving...',
    saved: 'Saved!',
    saveFailed: 'Failed to save.',
    loadUserFailed: 'Failed to load user data.',
    loadStatusFailed: 'Failed to load status config.',
    retry: 'Try loading again',
    keptHint: 'A value is saved; it is shown redacted. Type a new one to replace it.',
    required: 'Required',
    show: 'Show %{field}',
    hide: 'Hide %{field}',
  },
};

export const messages = { ...englishMessages, quire: quireMessages };
