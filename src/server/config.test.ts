import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const dataDir = () => mkdtempSync(join(tmpdir(), 'forecourt-config-'));

describe('configuration', () => {
  it('has working defaults and keeps a generated session secret in DATA_DIR', () => {
    const dir = dataDir();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '0.0.0.0',
      PUBLIC_URL: 'http://localhost:3000',
      SEED_DEMO: true,
      MAIL: 'local',
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.SESSION_SECRET.length).toBeGreaterThanOrEqual(48);
    expect(readFileSync(join(dir, 'session-secret'), 'utf8')).toBe(config.SESSION_SECRET);
    expect(loadConfig({ DATA_DIR: dir }).SESSION_SECRET).toBe(config.SESSION_SECRET);
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT must be a port number from 1 to 65535'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL must start with postgres:// or postgresql://'],
    [{ ADMIN_TOTP_SECRET: 'not base32!' }, 'ADMIN_TOTP_SECRET must be base32 (letters A-Z and digits 2-7)'],
    [{ SESSION_SECRET: 'short' }, 'SESSION_SECRET must be at least 32 characters long'],
    [{ MAIL: 'smtp' }, 'MAIL=smtp needs SMTP_URL, for example smtps://user:password@mail.example.com:465.'],
    [{ SEED_DEMO: 'maybe' }, 'SEED_DEMO is not valid: must be 1 or 0.'],
  ])('stops with one sentence on %o', (env, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(new ConfigError(message));
  });

  it.each(['yes', '10.0.0.0/33', '1,2', 'true,10.0.0.1', 'proxy.example'])(
    'stops with one sentence on TRUST_PROXY=%s',
    (value) => {
      expect(() => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value })).toThrow(
        new ConfigError(
          "TRUST_PROXY must be 0 (the default), a number of proxies in front of the server such as 1, true, or a comma-separated list of the proxies' addresses or CIDR ranges",
        ),
      );
    },
  );

  it('trusts no proxy unless TRUST_PROXY names them', () => {
    const trust = (value?: string) => loadConfig({ DATA_DIR: dataDir(), TRUST_PROXY: value }).TRUST_PROXY;
    expect(trust()).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('false')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('2')).toBe(2);
    expect(trust('true')).toBe(true);
    expect(trust('10.0.0.0/8, 192.168.1.7,::1/128,loopback')).toEqual([
      '10.0.0.0/8',
      '192.168.1.7',
      '::1/128',
      'loopback',
    ]);
  });

  it('reads SEED_DEMO=0 and an admin TOTP secret', () => {
    const config = loadConfig({ DATA_DIR: dataDir(), SEED_DEMO: '0', ADMIN_TOTP_SECRET: 'JBSWY3DPEHPK3PXP' });
    expect(config.SEED_DEMO).toBe(false);
    expect(config.ADMIN_TOTP_SECRET).toBe('JBSWY3DPEHPK3PXP');
  });
});
