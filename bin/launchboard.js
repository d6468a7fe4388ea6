#!/usr/bin/env node
// The package's executable: runs the TypeScript CLI through tsx's loader, so a
// checkout or an installed package runs without a separate build step.
import { register } from 'tsx/esm/api';

register();
await import('./launchboard.ts');
