import type { AppConfig } from './config';

/** Whether Google sign-in admits an email: ALLOWED_EMAILS names it, or ALLOWED_EMAIL_DOMAINS its domain. */
export function isAllowedEmail(config: Pick<AppConfig, 'allowedEmails' | 'allowedEmailDomains'>, email: string): boolean {
  const address = email.toLowerCase();
  const domain = address.split('@').pop() ?? '';
  return config.allowedEmails.includes(address) || config.allowedEmailDomains.includes(domain);
}
