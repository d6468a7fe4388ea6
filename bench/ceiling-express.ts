// The Express ceiling: a bare Express 5 app with one route shaped like
// get_listing's (`/api/v1/listings/:slug`) that answers res.json() of a real
// get_listing body, so it pays Express's routing and JSON serialisation but
// none of Launchboard's work. Run by bench/run.ts as a child: --port N --body FILE.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import express from 'express';

const { values } = parseArgs({ options: { port: { type: 'string' }, body: { type: 'string' } } });
const profile: unknown = JSON.parse(readFileSync(values.body!, 'utf8'));

// The same app settings as src/http/app.ts, so the ceiling does no work the real app skips.
const app = express();
app.disable('x-powered-by');
app.set('etag', false);
app.get('/api/v1/listings/:slug', (_req, res) => {
  res.json(profile);
});
const server = app.listen(Number(values.port), '127.0.0.1', () =>
  process.stdout.write(`listening on 127.0.0.1:${values.port}\n`),
);
process.on('SIGTERM', () => server.close(() => process.exit(0)));
