// The body of an html worker thread (see html-worker-pool.ts): parses the
// pages it is sent, one at a time, and posts back their facts.
import { parentPort } from 'node:worker_threads';
import { extractPage } from './page.js';

export interface ParseRequest {
  id: number;
  html: string;
  url: string;
}

parentPort?.on('message', (request: ParseRequest) => {
  try {
    parentPort!.postMessage({ id: request.id, facts: extractPage(request.html, request.url) });
  } catch (err) {
    parentPort!.postMessage({ id: request.id, error: err instanceof Error ? err.message : String(err) });
  }
});
