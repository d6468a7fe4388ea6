// The OpenAI-compatible drafter, for self-hosters who will not send a site to
// a cloud model: any chat-completions endpoint (Ollama, llama.cpp server,
// vLLM, LM Studio, OpenAI itself) chosen by DRAFTER=openai-compatible. Same
// prompt, same answer shape and same evidence gate as the Claude path; the
// answer is asked for as structured output (a JSON Schema response_format),
// and a server that refuses that is asked again for plain JSON in the text.
//
// SSRF: this endpoint is the operator's own, fixed in configuration at start,
// never a URL a maker or a page chose; it may well be on localhost. So it is
// reached with plain fetch (the SSRF-safe fetcher is for URLs others choose),
// but only that URL: redirects are refused, so the endpoint cannot bounce the
// request, with the site's text and the key, anywhere else.
import {
  DRAFTING_RULES,
  parseAnswer,
  profileToolSchema,
  PROFILE_TOOL,
  userMessage,
  withExactStrings,
} from './claude.js';
import { type Drafter, DrafterUnavailable, type DraftProposal } from './fields.js';

export interface OpenAiCompatibleOptions {
  /** The API root, e.g. http://127.0.0.1:11434/v1 (chat/completions is appended). */
  baseUrl: string;
  model: string;
  apiKey?: string;
  timeoutMs?: number;
}

const SYSTEM_PROMPT = [
  ...DRAFTING_RULES,
  `Answer with one JSON object that matches the ${PROFILE_TOOL} schema, and nothing else.`,
].join('\n');

/** The JSON object in a model's text: the whole text, a ```json fence, or the outermost braces. */
export function jsonInText(text: string): unknown {
  const candidates = [
    text,
    /```(?:json)?\s*([\s\S]*?)```/i.exec(text)?.[1],
    text.slice(text.indexOf('{'), text.lastIndexOf('}') + 1),
  ];
  for (const candidate of candidates) {
    if (!candidate?.trim()) continue;
    try {
      return JSON.parse(candidate);
    } catch {
      // the next way of finding it
    }
  }
  return undefined;
}

type Reply = { status: number; content: string | null };

export function openAiCompatibleDrafter(opts: OpenAiCompatibleOptions): Drafter {
  const endpoint = `${opts.baseUrl.replace(/\/+$/, '')}/chat/completions`;

  async function ask(body: Record<string, unknown>, timeoutMs: number): Promise<Reply> {
    let res: Response;
    try {
      res = await fetch(endpoint, {
        method: 'POST',
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
        headers: {
          'content-type': 'application/json',
          ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
      });
    } catch {
      throw new DrafterUnavailable('the model could not be reached (no response)');
    }
    if (!res.ok) {
      await res.body?.cancel();
      return { status: res.status, content: null };
    }
    const answer = (await res.json().catch(() => null)) as {
      choices?: { message?: { content?: unknown } }[];
    } | null;
    const content = answer?.choices?.[0]?.message?.content;
    return { status: res.status, content: typeof content === 'string' ? content : null };
  }

  return {
    name: 'openai-compatible',
    async draft(request): Promise<DraftProposal> {
      // A maker waiting on a regenerate gets a short try; the job queue retries background drafts.
      const timeoutMs = request.only ? 30_000 : (opts.timeoutMs ?? 120_000);
      const messages = [
        { role: 'system', content: SYSTEM_PROMPT },
        { role: 'user', content: userMessage(request) },
      ];
      const base = { model: opts.model, messages, temperature: 0, stream: false };
      let reply = await ask(
        {
          ...base,
          response_format: {
            type: 'json_schema',
            json_schema: { name: PROFILE_TOOL, schema: profileToolSchema() },
          },
        },
        timeoutMs,
      );
      // Servers without structured output refuse the response_format (400/422): ask for JSON in the text.
      if (reply.status === 400 || reply.status === 422) {
        const schema = JSON.stringify(profileToolSchema());
        reply = await ask(
          {
            ...base,
            messages: [{ role: 'system', content: `${SYSTEM_PROMPT}\nThe JSON Schema: ${schema}` }, messages[1]],
          },
          timeoutMs,
        );
      }
      if (reply.content === null)
        throw new DrafterUnavailable(
          reply.status >= 400
            ? `the model could not be reached (HTTP ${reply.status})`
            : 'the model answered without content',
        );
      const input = jsonInText(reply.content);
      if (input === undefined) throw new DrafterUnavailable('the model answered without a profile');
      return withExactStrings(parseAnswer(input), request);
    },
  };
}
