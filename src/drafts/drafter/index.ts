// The drafter (ARCHITECTURE §5 "Drafter"): one interface, two
// implementations. With ANTHROPIC_API_KEY set, Claude reads the crawled pages
// and answers through a tool with a value and verbatim quotes per field;
// without it, the built-in extractor proposes the same shape from meta tags,
// JSON-LD, headings, readable text and links. Either way the evidence gate
// (evidence.ts) decides what is kept.
import type { Config } from '../../config.js';
import { builtinDrafter } from './builtin.js';
import { claudeDrafter } from './claude.js';
import type { Drafter } from './fields.js';

export function drafterFor(config: Pick<Config, 'anthropicApiKey' | 'anthropicModel' | 'anthropicBaseUrl'>): Drafter {
  if (!config.anthropicApiKey) return builtinDrafter();
  return claudeDrafter({
    apiKey: config.anthropicApiKey,
    model: config.anthropicModel,
    baseUrl: config.anthropicBaseUrl,
  });
}

export { builtinDrafter };
export { type Drafter, DrafterUnavailable } from './fields.js';
