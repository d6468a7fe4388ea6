// The ceiling of the HTTP benchmark: bare node:http answering every request
// with one fixed, pre-serialised JSON body (the size of a real get_listing
// answer). Run by bench/run.ts as a child: --port N --body FILE.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const { values } = parseArgs({ options: { port: { type: 'string' }, body: { type: 'string' } } });
const body = Buffer.from(readFileSync(values.body!, 'utf8'));
const headers = { 'content-type': 'application/json; charset=utf-8', 'content-length': String(body.length) };

const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(Number(values.port), '127.0.0.1', () => process.stdout.write(`listening on 127.0.0.1:${values.port}\n`));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
