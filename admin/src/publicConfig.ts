import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { QuireDataProvider } from './dataProvider';
import type { Api } from './api/client';

export type PublicConfig = Api<'PublicConfigResponse'>;

/** GET /api/config once per page load (public: it is needed on the login page too). */
export function usePublicConfig(): PublicConfig | null {
  const dataProvider = useDataProvider<QuireDataProvider>();
  const { data } = useQuery({
    queryKey: ['config', 'getPublicConfig'],
    queryFn: () => dataProvider.getPublicConfig(),
    staleTime: Infinity,
    retry: false,
  });
  return data ?? null;
}
