import type OpenAI from 'openai';
import { lazyModule } from '../../lib/lazy-module';

/** The SDK (slow to load) only when a language model is configured and called. */
const loadOpenAI = lazyModule<typeof import('openai')>('openai');

/** LLM_* settings: any OpenAI-compatible chat-completions endpoint (OpenAI, a local server, a test stub). */
export interface LlmConfig {
  LLM_BASE_URL?: string;
  LLM_API_KEY?: string;
  LLM_MODEL?: string;
}

export class LlmError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LlmError';
  }
}

export interface LlmClient {
  /** One chat turn at temperature 0; resolves to the model's trimmed text, throws LlmError when the call fails, times out or answers nothing. */
  complete(prompt: { system: string; user: string }): Promise<string>;
}

/**
 * The one place that talks to a language model, on the official `openai` SDK with `baseURL` = LLM_BASE_URL.
 * Null when LLM_BASE_URL or LLM_MODEL is missing (or LLM_API_KEY, with `requireKey`). No retries: callers run
 * inside jobs that have their own retry policy and must not hold a worker through a storm of attempts.
 */
export function createLlmClient(config: LlmConfig, options: { timeoutMs?: number; requireKey?: boolean } = {}): LlmClient | null {
  if (!config.LLM_BASE_URL || !config.LLM_MODEL) return null;
  if (options.requireKey && !config.LLM_API_KEY) return null;
  const model = config.LLM_MODEL;
  const { OpenAI: OpenAIClient, APIError } = loadOpenAI();
  const openai = new OpenAIClient({
    baseURL: config.LLM_BASE_URL.replace(/\/+$/, ''),
    // Local servers often need no key; the SDK insists on one, and it is only sent as a bearer token.
    apiKey: config.LLM_API_KEY || 'none',
    timeout: options.timeoutMs ?? 30_000,
    maxRetries: 0,
  });
  return {
    async complete(prompt) {
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await openai.chat.completions.create({
          model,
          temperature: 0,
          messages: [
            { role: 'system', content: prompt.system },
            { role: 'user', content: prompt.user },
          ],
        });
      } catch (error) {
        if (error instanceof APIError && error.status !== undefined) throw new LlmError(`The language model answered HTTP ${error.status}.`);
        throw new LlmError(`The language model could not be reached (${(error as Error).name}).`);
      }
      const content = completion?.choices?.[0]?.message?.content;
      if (typeof content !== 'string' || !content.trim()) throw new LlmError('The language model answered without a message.');
      return content.trim();
    },
  };
}
