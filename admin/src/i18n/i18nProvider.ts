import polyglotI18nProvider from 'ra-i18n-polyglot';
import { localStorageStore, resolveBrowserLocale, type I18nProvider } from 'react-admin';
import { messages as de } from './de';
import { messages as en } from './en';

/** The dashboard's languages, each named in itself (the switch in the app bar lists them). */
export const LOCALES = [
  { locale: 'en', name: 'English' },
  { locale: 'de', name: 'Deutsch' },
] as const;
export type Locale = (typeof LOCALES)[number]['locale'];

const isLocale = (value: unknown): value is Locale => LOCALES.some((l) => l.locale === value);

const base = localStorageStore();
/**
 * react-admin's store (kept in localStorage), which keeps the chosen language as `locale`. Signing
 * out empties the store; the language is the browser's choice rather than the account's, so it stays.
 */
export const store = {
  ...base,
  reset() {
    const locale = base.getItem<string>('locale');
    base.reset();
    if (isLocale(locale)) base.setItem('locale', locale);
  },
};

/** The language chosen earlier with the app bar's switch, else the browser's when the dashboard has it, else English. */
function startLocale(): Locale {
  const chosen = base.getItem<string>('locale');
  if (isLocale(chosen)) return chosen;
  const browser = resolveBrowserLocale('en');
  return isLocale(browser) ? browser : 'en';
}

/** `<html lang>` follows the language the screens speak (screen readers and axe read it). */
function setDocumentLanguage(locale: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
}

const polyglot = polyglotI18nProvider((locale) => (locale === 'de' ? de : en), startLocale(), [...LOCALES], { allowMissing: false });
setDocumentLanguage(polyglot.getLocale());

export const i18nProvider: I18nProvider = {
  ...polyglot,
  changeLocale: async (locale, options) => {
    await polyglot.changeLocale(locale, options);
    setDocumentLanguage(locale);
  },
};
