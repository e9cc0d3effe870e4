import { api } from '../../api';

export type EnvVars = { NOTION_SECRET: string; DATABASE_ID: string; OPENAI_API_KEY: string };
export interface StatusConfig {
  propertyName: string;
  values: { start: string; inProgress: string; error: string; complete: string };
}

export const loadUser = () => api<{ envVars: EnvVars }>('/api/user');
export const saveEnvVars = (envVars: Partial<EnvVars>) => api<{ envVars: EnvVars }>('/api/user', { method: 'POST', body: { envVars } });
export const loadStatusConfig = () => api<{ statusConfig: StatusConfig }>('/api/user/status-config');
export const saveStatusConfig = (statusConfig: StatusConfig) =>
  api<{ statusConfig: StatusConfig }>('/api/user/status-config', { method: 'POST', body: statusConfig });
