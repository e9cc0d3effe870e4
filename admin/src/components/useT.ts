import { useTranslate } from 'react-admin';

/** translate() for one screen's strings: useT('sections')('created') → quire.sections.created. */
export function useT(screen: string) {
  const translate = useTranslate();
  return (key: string, options?: Record<string, unknown>) => translate(`quire.${screen}.${key}`, options);
}
