// Settings read from the environment: secrets may come from files (NAME_FILE,
// as Docker and Kubernetes mount them), and TRUST_PROXY says whose
// X-Forwarded-For is believed; a bad value is refused at start, naming it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

const dir = mkdtempSync(join(tmpdir(), 'lb-config-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('secrets from files', () => {
  it('reads NAME_FILE into NAME, less its final line break', () => {
    const file = join(dir, 'anthropic');
    writeFileSync(file, 'sk-from-a-file\n');
    const stripeKey = join(dir, 'stripe-key');
    const stripeHook = join(dir, 'stripe-hook');
    writeFileSync(stripeKey, 'sk_test_1');
    writeFileSync(stripeHook, 'whsec_1\r\n');
    const config = loadConfig({
      ANTHROPIC_API_KEY_FILE: file,
      STRIPE_SECRET_KEY_FILE: stripeKey,
      STRIPE_WEBHOOK_SECRET_FILE: stripeHook,
    });
    expect(config.anthropicApiKey).toBe('sk-from-a-file');
    expect(config.stripe).toEqual({ secretKey: 'sk_test_1', webhookSecret: 'whsec_1' });
  });

  it('refuses both NAME and NAME_FILE, and a file it cannot read, naming the setting', () => {
    const file = join(dir, 'db');
    writeFileSync(file, 'sqlite::memory:');
    expect(() => loadConfig({ DATABASE_URL: 'sqlite::memory:', DATABASE_URL_FILE: file })).toThrow(
      /DATABASE_URL and DATABASE_URL_FILE are both set/,
    );
    expect(() => loadConfig({ SMTP_URL_FILE: join(dir, 'missing') })).toThrow(/SMTP_URL_FILE: cannot read .*ENOENT/);
  });
});

describe('TRUST_PROXY', () => {
  it('is loopback by default, and takes a hop count or addresses, subnets and presets', () => {
    expect(loadConfig({}).trustProxy).toEqual(['loopback']);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, fd00::/8,loopback, 192.0.2.7' }).trustProxy).toEqual([
      '10.0.0.0/8',
      'fd00::/8',
      'loopback',
      '192.0.2.7',
    ]);
  });

  it.each(['true', 'proxy.example', '10.0.0.0/33', '10.0.0.0/8/1', ' , '])(
    'refuses %j, naming the setting',
    (value) => {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
    },
  );
});
