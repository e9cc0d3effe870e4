import { useTranslate } from 'react-admin';
import type { QuireKey, Screen, ScreenKey } from '../i18n/en';

type Options = Record<string, unknown>;

/** What useT(screen) returns, for helpers that are handed it. */
export type ScreenT<S extends Screen> = (key: ScreenKey<S>, options?: Options) => string;

/** translate() for one screen's strings, its keys checked: useT('sections')('created') → quire.sections.created. */
export function useT<S extends Screen>(screen: S): ScreenT<S> {
  const translate = useTranslate();
  return (key, options) => translate(`quire.${screen}.${key}`, options);
}

/** translate() for any of Quire's own strings, by its full key (`quire.app.loading`), checked. */
export function useQuireTranslate() {
  const translate = useTranslate();
  return (key: QuireKey, options?: Options) => translate(key, options);
}
