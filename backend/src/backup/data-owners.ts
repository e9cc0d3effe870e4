import type { AuthUser } from '../workspaces/current-user';
import type { AppConfig } from '../config/config';

/**
 * Who owns the data and may download a backup of all of it: in local mode the one operator; in
 * google mode those DATA_OWNER_EMAILS names (nobody when it is unset).
 */
export function ownsData(config: Pick<AppConfig, 'authMode' | 'dataOwnerEmails'>, user: Pick<AuthUser, 'email'>): boolean {
  return config.authMode === 'local' || config.dataOwnerEmails.includes(user.email.toLowerCase());
}
