// Entry of the drawing process from a checkout (svg-drawer.ts forks it):
// a forked process does not inherit the parent's TypeScript loader, so it
// registers tsx before loading the TypeScript body.
import { register } from 'tsx/esm/api';

register();
const { serveDrawings } = await import('./svg-drawer-child.ts');
serveDrawings();
