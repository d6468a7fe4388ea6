// The drafter (ARCHITECTURE §5 "Drafter"): one interface, three
// implementations, chosen by DRAFTER. Claude (ANTHROPIC_API_KEY) or any
// OpenAI-compatible endpoint (a local model) reads the crawled pages and
// answers with a value and verbatim quotes per field; the built-in extractor,
// the default without a key, proposes the same shape from meta tags, JSON-LD,
// headings, readable text and links. Either way the evidence gate
// (evidence.ts) decides what is kept, and the extractor fills, field by
// field, what a model left without a valid value (job.ts).
import type { Config } from '../../config.js';
import { builtinDrafter } from './builtin.js';
import { claudeDrafter } from './claude.js';
import type { Drafter } from './fields.js';
import { openAiCompatibleDrafter } from './openai.js';

export type DrafterConfig = Pick<Config, 'anthropicApiKey' | 'anthropicModel' | 'anthropicBaseUrl'> &
  Partial<Pick<Config, 'drafter' | 'openaiBaseUrl' | 'openaiModel' | 'openaiApiKey'>>;

export function drafterFor(config: DrafterConfig): Drafter {
  const choice = config.drafter ?? (config.anthropicApiKey ? 'anthropic' : 'builtin');
  if (choice === 'openai-compatible' && config.openaiBaseUrl && config.openaiModel)
    return openAiCompatibleDrafter({
      baseUrl: config.openaiBaseUrl,
      model: config.openaiModel,
      apiKey: config.openaiApiKey,
    });
  if (choice === 'anthropic' && config.anthropicApiKey)
    return claudeDrafter({
      apiKey: config.anthropicApiKey,
      model: config.anthropicModel,
      baseUrl: config.anthropicBaseUrl,
    });
  return builtinDrafter();
}

export { builtinDrafter };
export { type Drafter, DrafterUnavailable } from './fields.js';
