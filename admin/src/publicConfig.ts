import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { QuireDataProvider } from './dataProvider';

export interface PublicConfig {
  authMode: 'google' | 'local';
  demo: boolean;
}

/** GET /api/config once per page load (public: it is needed on the login page too). */
export function usePublicConfig(): PublicConfig | null {
  const dataProvider = useDataProvider<QuireDataProvider>();
  const { data } = useQuery({
    queryKey: ['config', 'getPublicConfig'],
    queryFn: () => dataProvider.getPublicConfig<PublicConfig>(),
    staleTime: Infinity,
    retry: false,
  });
  return data ?? null;
}
