// Every setting, read once from the environment (and CLI flags of `serve`),
// validated with zod. The only module that reads process.env.
import { readFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().min(1).default('sqlite:./data/launchboard.db'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LAUNCHBOARD_API_KEY: z.string().optional(),
  LAUNCHBOARD_TOOLSETS: z.string().optional(),
  RATE_LIMIT_SIGNED_IN: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_ANONYMOUS: z.coerce.number().int().min(1).default(120),
  RATE_LIMIT_FAILED_AUTH: z.coerce.number().int().min(1).default(20),
  PAGE_CACHE_PAGES: z.coerce.number().int().min(0).max(1_000_000).default(2000),
  TRUST_PROXY: z.string().min(1).default('loopback'),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  ALLOWED_HOSTS: z.string().optional(),
  LAUNCHBOARD_UNSAFE_ALLOW_PRIVATE_FETCH: z.string().optional(),
  OAUTH_ISSUER: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).optional(),
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_MODEL: z.string().min(1).default('claude-sonnet-4-6'),
  ANTHROPIC_BASE_URL: z.string().url().optional(),
  DRAFTER: z.enum(['builtin', 'anthropic', 'openai-compatible']).optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_MODEL: z.string().min(1).optional(),
  OPENAI_API_KEY: z.string().optional(),
  DNS_SERVERS: z.string().optional(),
  SELLER_COUNTRY: z
    .string()
    .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
    .default('IE'),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  stdioApiKey?: string;
  /** The MCP toolsets served, comma-separated (src/registry/toolsets.ts); unset, every tool. */
  mcpToolsets?: string;
  /** Public pages kept rendered for anonymous visitors at most (platform/page-cache.ts); 0 keeps none. */
  pageCachePages: number;
  /** Which proxies' X-Forwarded-For is believed (Express's `trust proxy`): a hop count, or addresses and subnets. */
  trustProxy: number | string[];
  /** Set: GET /metrics serves Prometheus metrics to a request bearing it; unset: metrics are off. */
  metricsToken?: string;
  rateLimit: {
    signedInPerMinute: number;
    anonymousPerMinute: number;
    failedAuthPerMinute: number;
    /** Several processes serve one SQLite file (`serve --workers N`): counters go in its rate_limits table, as on PostgreSQL. */
    shared?: boolean;
  };
  /** Host header values accepted on /mcp (DNS-rebinding protection). */
  allowedHosts: string[];
  allowPrivateFetch: boolean;
  /** An external identity provider's issuer; set, it replaces the embedded authorization server. */
  oauthIssuer?: string;
  /** SMTP server for real mail (smtp:// or smtps://); unset, mail stays in the outbox table. */
  smtpUrl?: string;
  /** The From header of every mail. */
  mailFrom: string;
  /** Enables the Claude drafter; unset → the built-in extractor. */
  anthropicApiKey?: string;
  anthropicModel: string;
  /** Another Messages API endpoint (a proxy, or the fake model API in tests). */
  anthropicBaseUrl?: string;
  /** Who drafts: the built-in extractor, Claude, or an OpenAI-compatible endpoint (default: anthropic with a key, else builtin). */
  drafter: 'builtin' | 'anthropic' | 'openai-compatible';
  /** The operator's OpenAI-compatible chat-completions endpoint (…/v1), its model and optional key (DRAFTER=openai-compatible). */
  openaiBaseUrl?: string;
  openaiModel?: string;
  openaiApiKey?: string;
  /** DNS servers (host[:port]) for claim TXT lookups; empty → the system resolver. */
  dnsServers: string[];
  /** The seller's country (ISO 3166-1 alpha-2) for VAT: reverse charge applies to EU businesses elsewhere. */
  sellerCountry: string;
  /** Both set → the Stripe payment provider; unset → the test provider. */
  stripe?: { secretKey: string; webhookSecret: string };
  version: string;
}

export const VERSION = '0.1.0';

/**
 * TRUST_PROXY: how many proxies in front of this server add X-Forwarded-For
 * (a number), or which ones (addresses, subnets, or loopback, linklocal,
 * uniquelocal; comma-separated). The visitor's address (rate limits, view
 * counts) is the first one these did not add. "true" (every hop) is refused:
 * anyone could then name any address.
 */
function parseTrustProxy(value: string): number | string[] {
  if (/^\d{1,2}$/.test(value.trim())) return Number(value.trim());
  const entries = value
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  const preset = /^(loopback|linklocal|uniquelocal)$/;
  const bad = entries.filter((v) => !preset.test(v) && !isAddressOrSubnet(v));
  if (entries.length === 0 || bad.length > 0)
    throw new Error(
      `Invalid configuration:\n  TRUST_PROXY: ${bad.length > 0 ? `not an address, subnet or preset: ${bad.join(', ')}` : 'empty'}; give a hop count (1) or addresses, subnets and loopback, linklocal, uniquelocal, comma-separated`,
    );
  return entries;
}

function isAddressOrSubnet(value: string): boolean {
  const [address = '', bits, ...rest] = value.split('/');
  if (rest.length > 0) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** Settings that hold secrets: each may instead be read from the file NAME_FILE names (Docker and Kubernetes secrets). */
export const SECRET_SETTINGS = [
  'DATABASE_URL',
  'LAUNCHBOARD_API_KEY',
  'SMTP_URL',
  'ANTHROPIC_API_KEY',
  'OPENAI_API_KEY',
  'STRIPE_SECRET_KEY',
  'STRIPE_WEBHOOK_SECRET',
  'METRICS_TOKEN',
] as const;

/** The environment with each secret NAME_FILE read into NAME (its content, less a final line break). */
function withSecretFiles(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const out = { ...env };
  for (const name of SECRET_SETTINGS) {
    const file = env[`${name}_FILE`];
    if (!file) continue;
    if (env[name]) throw new Error(`Invalid configuration:\n  ${name} and ${name}_FILE are both set: set one`);
    try {
      out[name] = readFileSync(file, 'utf8').replace(/\r?\n$/, '');
    } catch (err) {
      throw new Error(
        `Invalid configuration:\n  ${name}_FILE: cannot read ${file} (${(err as NodeJS.ErrnoException).code ?? err})`,
      );
    }
  }
  return out;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(withSecretFiles(env));
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET)) {
    throw new Error(
      'Invalid configuration:\n  STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET must be set together (or neither, for the test payment provider)',
    );
  }
  const drafter = e.DRAFTER ?? (e.ANTHROPIC_API_KEY ? 'anthropic' : 'builtin');
  if (drafter === 'anthropic' && !e.ANTHROPIC_API_KEY)
    throw new Error('Invalid configuration:\n  DRAFTER=anthropic needs ANTHROPIC_API_KEY');
  if (drafter === 'openai-compatible' && (!e.OPENAI_BASE_URL || !e.OPENAI_MODEL))
    throw new Error('Invalid configuration:\n  DRAFTER=openai-compatible needs OPENAI_BASE_URL and OPENAI_MODEL');
  const port = overrides.port ?? e.PORT;
  const publicUrl = (overrides.publicUrl ?? e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const publicHost = new URL(publicUrl).hostname;
  const allowedHosts = e.ALLOWED_HOSTS
    ? e.ALLOWED_HOSTS.split(',')
        .map((h) => h.trim())
        .filter(Boolean)
    : [...new Set(['localhost', '127.0.0.1', '[::1]', publicHost])];
  return {
    port,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    stdioApiKey: e.LAUNCHBOARD_API_KEY,
    mcpToolsets: e.LAUNCHBOARD_TOOLSETS || undefined,
    pageCachePages: e.PAGE_CACHE_PAGES,
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    metricsToken: e.METRICS_TOKEN,
    rateLimit: {
      signedInPerMinute: e.RATE_LIMIT_SIGNED_IN,
      anonymousPerMinute: e.RATE_LIMIT_ANONYMOUS,
      failedAuthPerMinute: e.RATE_LIMIT_FAILED_AUTH,
    },
    allowedHosts,
    allowPrivateFetch:
      e.LAUNCHBOARD_UNSAFE_ALLOW_PRIVATE_FETCH === '1' || e.LAUNCHBOARD_UNSAFE_ALLOW_PRIVATE_FETCH === 'true',
    oauthIssuer: e.OAUTH_ISSUER,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `Launchboard <no-reply@${publicHost}>`,
    anthropicApiKey: e.ANTHROPIC_API_KEY || undefined,
    anthropicModel: e.ANTHROPIC_MODEL,
    anthropicBaseUrl: e.ANTHROPIC_BASE_URL,
    drafter,
    openaiBaseUrl: e.OPENAI_BASE_URL,
    openaiModel: e.OPENAI_MODEL,
    openaiApiKey: e.OPENAI_API_KEY || undefined,
    dnsServers: e.DNS_SERVERS
      ? e.DNS_SERVERS.split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : [],
    sellerCountry: e.SELLER_COUNTRY.toUpperCase(),
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET }
        : undefined,
    version: VERSION,
    ...overrides,
    ...(overrides.publicUrl === undefined ? {} : { publicUrl }),
  };
}
