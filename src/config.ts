// Every setting, read once from the environment (and CLI flags of `serve`),
// validated with zod. The only module that reads process.env.
import { z } from 'zod';

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  PUBLIC_URL: z.string().url().optional(),
  DATABASE_URL: z.string().min(1).default('sqlite:./data/launchboard.db'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LAUNCHBOARD_API_KEY: z.string().optional(),
  RATE_LIMIT_SIGNED_IN: z.coerce.number().int().min(1).default(600),
  RATE_LIMIT_ANONYMOUS: z.coerce.number().int().min(1).default(120),
  ALLOWED_HOSTS: z.string().optional(),
  LAUNCHBOARD_UNSAFE_ALLOW_PRIVATE_FETCH: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  databaseUrl: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  stdioApiKey?: string;
  rateLimit: { signedInPerMinute: number; anonymousPerMinute: number };
  /** Host header values accepted on /mcp (DNS-rebinding protection). */
  allowedHosts: string[];
  allowPrivateFetch: boolean;
  version: string;
}

export const VERSION = '0.1.0';

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  const e = parsed.data;
  const port = overrides.port ?? e.PORT;
  const publicUrl = (overrides.publicUrl ?? e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const publicHost = new URL(publicUrl).hostname;
  const allowedHosts = e.ALLOWED_HOSTS
    ? e.ALLOWED_HOSTS.split(',').map((h) => h.trim()).filter(Boolean)
    : [...new Set(['localhost', '127.0.0.1', '[::1]', publicHost])];
  return {
    port,
    host: e.HOST,
    publicUrl,
    databaseUrl: e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    stdioApiKey: e.LAUNCHBOARD_API_KEY,
    rateLimit: { signedInPerMinute: e.RATE_LIMIT_SIGNED_IN, anonymousPerMinute: e.RATE_LIMIT_ANONYMOUS },
    allowedHosts,
    allowPrivateFetch: e.LAUNCHBOARD_UNSAFE_ALLOW_PRIVATE_FETCH === '1' || e.LAUNCHBOARD_UNSAFE_ALLOW_PRIVATE_FETCH === 'true',
    version: VERSION,
    ...overrides,
    ...(overrides.publicUrl === undefined ? {} : { publicUrl }),
  };
}
