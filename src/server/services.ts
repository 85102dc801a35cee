import type { Config } from './config';
import type { Database } from './db/client';
import { localMail, smtpMail, type MailProvider } from './providers/mail/mail';
import { localTelephony, type TelephonyProvider } from './providers/telephony/telephony';
import { assertUnreachable } from './platform/errors';

/** What handlers reach besides their transaction: configuration and the providers. */
export interface Services {
  config: Config;
  database: Database;
  mail: MailProvider;
  telephony: TelephonyProvider;
}

export function createServices(config: Config, database: Database): Services {
  const mail = (() => {
    switch (config.MAIL) {
      case 'local': return localMail(config.MAIL_FROM);
      case 'smtp': return smtpMail(config.SMTP_URL!, config.MAIL_FROM);
      default: return assertUnreachable(config.MAIL);
    }
  })();
  return { config, database, mail, telephony: localTelephony(config.SMS_FROM) };
}
