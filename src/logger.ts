// JSON logs on stderr (stdout belongs to the MCP stdio transport). Secrets are
// redacted by key wherever they appear in a logged object: credentials,
// cookies, passwords, tokens, API keys, payment details.
import pino from 'pino';
import type { Config } from './config.js';

export type Logger = pino.Logger;

const SECRET_KEYS = [
  'authorization',
  'cookie',
  'set-cookie',
  'password',
  'new_password',
  'current_password',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'code_verifier',
  'client_secret',
  'api_key',
  'apiKey',
  'secret',
  'csrf',
  'card',
  'card_number',
  'cvc',
  'cvv',
  'iban',
  'payment_method',
];

/** Each secret key at the top of a logged object and up to two levels down (req.headers.authorization). */
export const REDACT_PATHS = SECRET_KEYS.flatMap((k) => {
  const key = /^[A-Za-z_$][\w$]*$/.test(k) ? k : `["${k}"]`;
  const dot = key.startsWith('[') ? '' : '.';
  return [key, `*${dot}${key}`, `*.*${dot}${key}`];
});

export function createLogger(
  level: Config['logLevel'],
  destination: pino.DestinationStream = pino.destination(2),
): Logger {
  return pino(
    { level, base: { app: 'launchboard' }, redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
    destination,
  );
}
