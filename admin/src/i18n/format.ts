import { i18nProvider } from './i18nProvider';

/**
 * Dates and figures are written the way the dashboard's language writes them (this is the one
 * place that decides): the browser's own regional variant when it is of that language (en-GB,
 * de-AT), else en-US for English and de-DE for German. Money stays in US dollars in every
 * language: only its separators and the symbol's place change ("$1,234.50", "1.234,50 $").
 * The product's own yyyy-MM-dd dates (a model's shutdown date, the date pickers) are not localised.
 * Screens re-render on a change of language (react-admin renders the app afresh), so reading the
 * language at each call is enough.
 */
export function intlLocale(): string {
  const language = i18nProvider.getLocale();
  const browser = typeof navigator === 'undefined' ? undefined : navigator.language;
  if (browser && browser.split('-')[0] === language) return browser;
  return language === 'de' ? 'de-DE' : 'en-US';
}

// Intl formatters are costly to make and a long table formats hundreds of cells: one per locale and kind.
const formatters = new Map<string, Intl.NumberFormat>();
function numberFormat(kind: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const locale = intlLocale();
  const key = `${locale}|${kind}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}

/** A timestamp in the language's local format (date and time), or "-" when there is none. */
export function formatDate(value: string | Date | null | undefined): string {
  if (!value) return '-';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '-' : date.toLocaleString(intlLocale());
}

/** A timestamp's time of day only. */
export const formatTime = (value: string | Date) => new Date(value).toLocaleTimeString(intlLocale());

/** A calendar day the API gives as yyyy-MM-dd, written out ("Nov 1, 2026", "1. Nov. 2026"). */
export const formatDay = (iso: string) =>
  new Date(`${iso}T00:00:00Z`).toLocaleDateString(intlLocale(), { timeZone: 'UTC', month: 'short', day: 'numeric', year: 'numeric' });

/** A count with the language's grouping ("12,345", "12.345"). */
export const formatCount = (n: number) => numberFormat('count', {}).format(n);

/** A number with exactly `digits` decimals ("0.512", "0,512"). */
export const formatDecimal = (n: number, digits: number) =>
  numberFormat(`decimal${digits}`, { minimumFractionDigits: digits, maximumFractionDigits: digits }).format(n);

/**
 * US dollars to the millionth, as the API gives them (a cost is rounded to the millionth of a
 * dollar by the server, and every digit of it is shown), or `unknown` when the API answers null.
 */
export const formatUsd = (usd: number | null | undefined, unknown: string) =>
  usd === null || usd === undefined
    ? unknown
    : numberFormat('usd', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 6 }).format(usd);

/** US dollars to the cent, or to a hundredth of a cent below one (a few cents are a real limit in a test workspace). */
export const formatMoney = (usd: number) =>
  numberFormat(usd > 0 && usd < 0.01 ? 'money4' : 'money2', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: usd > 0 && usd < 0.01 ? 4 : 2,
  }).format(usd);

/** Dollars without the symbol (the message places it), from 3 to 6 decimals: "0.0012", "0,0012". */
export const formatDollarAmount = (usd: number) =>
  numberFormat('dollars', { minimumFractionDigits: 3, maximumFractionDigits: 6, useGrouping: false }).format(usd);
