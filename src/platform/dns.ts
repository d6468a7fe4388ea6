// TXT lookups for claim verification, through a resolver the configuration can
// point elsewhere (DNS_SERVERS, host[:port] each; unset → the system's
// resolvers). A fresh Resolver per lookup: no module state, and a config
// change needs no restart of anything cached here.
import { Resolver } from 'node:dns/promises';
import type { Config } from '../config.js';

export type TxtResult =
  | { ok: true; records: string[] }
  | { ok: false; reason: 'no_records' | 'no_domain' | 'failed'; detail: string };

/** Error codes that mean "the name has no TXT records", not "the lookup failed". */
const EMPTY = new Set(['ENODATA', 'ENOTFOUND', 'NXDOMAIN']);

/**
 * The TXT records at `name`, each record's character strings joined (a long
 * value is split into 255-byte strings on the wire).
 */
export async function lookupTxt(config: Pick<Config, 'dnsServers'>, name: string): Promise<TxtResult> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (config.dnsServers.length > 0) resolver.setServers(config.dnsServers);
  try {
    const records = await resolver.resolveTxt(name);
    return { ok: true, records: records.map((chunks) => chunks.join('')) };
  } catch (err) {
    const code = (err as { code?: string }).code ?? 'error';
    if (code === 'ENOTFOUND' || code === 'NXDOMAIN')
      return { ok: false, reason: 'no_domain', detail: `${name} does not exist in DNS` };
    if (EMPTY.has(code)) return { ok: false, reason: 'no_records', detail: `${name} has no TXT records` };
    return { ok: false, reason: 'failed', detail: `the DNS lookup of ${name} failed (${code})` };
  } finally {
    resolver.cancel();
  }
}
