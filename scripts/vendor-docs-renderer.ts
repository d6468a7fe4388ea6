// `npm pack` (prepack) copies the API docs renderer's files into vendor/, so
// the npm package carries them and installing it does not install
// swagger-ui-dist, whose dependency @scarf/scarf runs an analytics postinstall.
// swagger-ui-dist is therefore a dev dependency; src/web/docs.ts reads the
// vendored copy when it is there. `--remove` (postpack) deletes the copy again.
//
//   node --import tsx scripts/vendor-docs-renderer.ts [--remove]
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT, SWAGGER_FILES } from './bundle/bundle.js';

const VENDOR_DIR = join(ROOT, 'vendor/swagger-ui-dist');

const { values } = parseArgs({ options: { remove: { type: 'boolean', default: false } } });
rmSync(join(ROOT, 'vendor'), { recursive: true, force: true });
if (!values.remove) {
  const source = dirname(createRequire(join(ROOT, 'package.json')).resolve('swagger-ui-dist/package.json'));
  mkdirSync(VENDOR_DIR, { recursive: true });
  for (const file of SWAGGER_FILES) copyFileSync(join(source, file), join(VENDOR_DIR, file));
}
