import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLlmTranslator, TranslationError } from './translator';

interface Received {
  path: string;
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
}

let server: Server;
let baseUrl: string;
let received: Received[] = [];
let answer: (request: Received) => { status: number; body: unknown };

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk) => (raw += chunk));
    req.on('end', () => {
      const request = { path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(raw) };
      received.push(request);
      const { status, body } = answer(request);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const chat = (content: string) => ({ status: 200, body: { choices: [{ message: { role: 'assistant', content } }] } });

describe('createLlmTranslator', () => {
  it('is absent without a base URL or a model', () => {
    expect(createLlmTranslator({})).toBeNull();
    expect(createLlmTranslator({ LLM_BASE_URL: 'http://127.0.0.1:1/v1' })).toBeNull();
    expect(createLlmTranslator({ LLM_MODEL: 'm' })).toBeNull();
  });

  it('posts to {LLM_BASE_URL}/chat/completions with the key and model, and reads the JSON answer', async () => {
    received = [];
    answer = () => chat('```json\n{"title": "Los precios del <b>crudo</b> suben", "summary": "La OPEP+ mantiene la producción."}\n```');
    const translator = createLlmTranslator({ LLM_BASE_URL: `${baseUrl}/`, LLM_API_KEY: 'sk-test', LLM_MODEL: 'fake-model' })!;
    const result = await translator.translate({ title: 'Crude prices rise', summary: 'OPEC+ holds output.' }, 'en', 'es');
    expect(result).toEqual({ title: 'Los precios del crudo suben', summary: 'La OPEP+ mantiene la producción.' });
    expect(received).toHaveLength(1);
    expect(received[0]!.path).toBe('/v1/chat/completions');
    expect(received[0]!.authorization).toBe('Bearer sk-test');
    expect(received[0]!.body.model).toBe('fake-model');
    expect(received[0]!.body.messages[0]!.content).toContain('from English to Spanish');
    expect(JSON.parse(received[0]!.body.messages[1]!.content)).toEqual({ title: 'Crude prices rise', summary: 'OPEC+ holds output.' });
  });

  it.each([
    ['an HTTP error', () => ({ status: 500, body: { error: 'boom' } }), /HTTP 500/],
    ['no message', () => ({ status: 200, body: { choices: [] } }), /without a message/],
    ['prose instead of JSON', () => chat('Sure! Here is the translation.'), /not answer with a JSON object/],
    ['broken JSON', () => chat('{"title": "x",'), /not answer with a JSON object|malformed JSON/],
    ['an empty title', () => chat('{"title": "", "summary": "x"}'), /no title/],
  ])('fails with a TranslationError on %s', async (_label, reply, message) => {
    answer = reply;
    const translator = createLlmTranslator({ LLM_BASE_URL: baseUrl, LLM_MODEL: 'fake-model' })!;
    const error = await translator.translate({ title: 'T', summary: 'S' }, 'es', 'en').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(TranslationError);
    expect((error as Error).message).toMatch(message);
  });
});
