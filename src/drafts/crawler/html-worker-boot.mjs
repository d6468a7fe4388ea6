// Entry of an html worker thread. Worker threads do not inherit the main
// thread's TypeScript loader, so each registers tsx before loading the
// TypeScript worker body.
import { register } from 'tsx/esm/api';

register();
await import('./html-worker.ts');
