import { useCallback } from 'react';
import { useTranslate } from 'react-admin';
import type { QuireKey, Screen, ScreenKey } from '../i18n/en';

type Options = Record<string, unknown>;

/** What useT(screen) returns, for helpers that are handed it. */
export type ScreenT<S extends Screen> = (key: ScreenKey<S>, options?: Options) => string;

/**
 * translate() for one screen's strings, its keys checked: useT('sections')('created') → quire.sections.created.
 * The same function from render to render (as react-admin's useTranslate), so it can be an effect's dependency.
 */
export function useT<S extends Screen>(screen: S): ScreenT<S> {
  const translate = useTranslate();
  return useCallback<ScreenT<S>>((key, options) => translate(`quire.${screen}.${key}`, options), [translate, screen]);
}

/** translate() for any of Quire's own strings, by its full key (`quire.app.loading`), checked; stable as useT's. */
export function useQuireTranslate() {
  const translate = useTranslate();
  return useCallback((key: QuireKey, options?: Options) => translate(key, options), [translate]);
}
