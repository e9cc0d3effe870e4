import { useEffect, useState } from 'react';
import { api } from './api';

export interface PublicConfig {
  authMode: 'google' | 'local';
  demo: boolean;
}

let pending: Promise<PublicConfig | null> | null = null;

/** GET /api/config once per page load (public: it is needed on the login page too). */
export function usePublicConfig(): PublicConfig | null {
  const [config, setConfig] = useState<PublicConfig | null>(null);
  useEffect(() => {
    pending ??= api<PublicConfig>('/api/config').catch(() => null);
    void pending.then(setConfig);
  }, []);
  return config;
}
