import { z } from 'zod';

/**
 * The one door to a language model: an OpenAI-compatible chat completions endpoint (LLM_BASE_URL), asked
 * for a JSON object. Off unless configured; every caller validates what comes back and has a deterministic
 * path without it. The endpoint is the operator's own choice (possibly a model served on a private
 * address), so it is called directly rather than through the crawler's network guard.
 */
export interface LanguageModel {
  completeJson(prompt: { system: string; user: string }): Promise<unknown>;
}

export interface LlmSettings {
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs?: number;
}

const CompletionSchema = z.object({ choices: z.array(z.object({ message: z.object({ content: z.string() }) })).min(1) });

export function openAiCompatibleModel(s: LlmSettings): LanguageModel {
  const url = `${s.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    async completeJson({ system, user }) {
      const res = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(s.apiKey ? { authorization: `Bearer ${s.apiKey}` } : {}) },
        body: JSON.stringify({
          model: s.model,
          temperature: 0,
          response_format: { type: 'json_object' },
          messages: [
            { role: 'system', content: system },
            { role: 'user', content: user },
          ],
        }),
        signal: AbortSignal.timeout(s.timeoutMs ?? 30_000),
      });
      if (!res.ok) throw new Error(`LLM endpoint answered HTTP ${res.status}`);
      const content = CompletionSchema.parse(await res.json()).choices[0].message.content;
      // Some models wrap JSON in a fenced block despite response_format.
      return JSON.parse(content.replace(/^\s*```(?:json)?\s*|\s*```\s*$/g, ''));
    },
  };
}
