import polyglotI18nProvider from 'ra-i18n-polyglot';
import { messages } from './en';

export const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], {
  allowMissing: false,
});
