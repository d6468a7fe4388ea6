// A DNS server on 127.0.0.1 (dns2, UDP) answering TXT questions from a map
// the test changes as it goes; names not in the map are NXDOMAIN.
import type { AddressInfo } from 'node:net';
import dns2 from 'dns2';

const { Packet } = dns2;
const NXDOMAIN = 3;

export interface TxtServer {
  /** `host:port`, for DNS_SERVERS / config.dnsServers. */
  address: string;
  /** name (lower-case, no trailing dot) → TXT values. */
  records: Map<string, string[]>;
  close(): Promise<void>;
}

export async function startTxtServer(): Promise<TxtServer> {
  const records = new Map<string, string[]>();
  const server = dns2.createUDPServer((request, send) => {
    const response = Packet.createResponseFromRequest(request);
    const [question] = request.questions;
    const name = (question?.name ?? '').toLowerCase().replace(/\.$/, '');
    const values = records.get(name);
    if (!question || !values) {
      (response.header as { rcode: number }).rcode = NXDOMAIN;
    } else if (question.type === Packet.TYPE.TXT) {
      for (const data of values)
        response.answers.push({
          name: question.name,
          type: Packet.TYPE.TXT,
          class: Packet.CLASS.IN,
          ttl: 1,
          data,
        } as never);
    }
    void send(response);
  });
  await server.listen(0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  return {
    address: `127.0.0.1:${port}`,
    records,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
