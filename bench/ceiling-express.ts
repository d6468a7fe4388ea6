// The Express ceiling: a bare Express 5 app with one route shaped like
// get_listing's (`/api/v1/listings/:slug`) that answers res.json() of a real
// get_listing body, so it pays Express's routing and JSON serialisation but
// none of Launchboard's work. With --html it answers the body file as a page
// (res.send of the HTML), and with --compress it compresses by negotiation
// as the server does (src/http/compression.ts): the ceiling for compressed
// pages. Run by bench/run.ts as a child: --port N --body FILE [--html] [--compress].
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import express from 'express';
import { compressResponses } from '../src/http/compression.js';

const { values } = parseArgs({
  options: {
    port: { type: 'string' },
    body: { type: 'string' },
    html: { type: 'boolean', default: false },
    compress: { type: 'boolean', default: false },
  },
});
const text = readFileSync(values.body!, 'utf8');
const profile: unknown = values.html ? undefined : JSON.parse(text);

// The same app settings as src/http/app.ts, so the ceiling does no work the real app skips.
const app = express();
app.disable('x-powered-by');
app.set('etag', false);
if (values.compress) app.use(compressResponses());
app.get('/api/v1/listings/:slug', (_req, res) => {
  if (values.html) res.type('text/html; charset=utf-8').send(text);
  else res.json(profile);
});
const server = app.listen(Number(values.port), '127.0.0.1', () =>
  process.stdout.write(`listening on 127.0.0.1:${values.port}\n`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
