export interface NarrativeWriter {
  /** Sends the prompt; resolves to the model's text, throws when the endpoint fails, times out or answers nothing. */
  write(prompt: { system: string; user: string }): Promise<string>;
}

export interface LlmConfig {
  LLM_BASE_URL?: string;
  LLM_API_KEY?: string;
  LLM_MODEL?: string;
}

/**
 * A writer over any OpenAI-compatible chat-completions endpoint (`${LLM_BASE_URL}/chat/completions`),
 * configured like the news translator. Null unless LLM_BASE_URL, LLM_API_KEY and LLM_MODEL are all set.
 */
export function createNarrativeWriter(config: LlmConfig, options: { timeoutMs?: number } = {}): NarrativeWriter | null {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL || !config.LLM_API_KEY) return null;
  const endpoint = `${config.LLM_BASE_URL.replace(/\/+$/, '')}/chat/completions`;
  const { LLM_MODEL: model, LLM_API_KEY: key } = config;
  const timeoutMs = options.timeoutMs ?? 30_000;
  return {
    async write(prompt) {
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${key}` },
        signal: AbortSignal.timeout(timeoutMs),
        body: JSON.stringify({
          model,
          temperature: 0,
          messages: [
            { role: 'system', content: prompt.system },
            { role: 'user', content: prompt.user },
          ],
        }),
      });
      if (!response.ok) throw new Error(`The language model answered HTTP ${response.status}.`);
      const payload = (await response.json().catch(() => null)) as { choices?: { message?: { content?: unknown } }[] } | null;
      const content = payload?.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || !content.trim()) throw new Error('The language model answered without text.');
      return content.trim();
    },
  };
}
