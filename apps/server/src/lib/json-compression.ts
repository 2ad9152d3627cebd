import type { FastifyReply, FastifyRequest } from 'fastify';
import Negotiator from 'negotiator';
import { gzipSync } from 'node:zlib';

/**
 * The one coding the API compresses in (gzip) or none, by the client's q-values. The price history
 * is kept gzip-compressed once per import; every other JSON answer is compressed as it is sent
 * (compressJsonAnswer), with the same choice.
 */
export function acceptsGzip(request: FastifyRequest): boolean {
  return new Negotiator(request.raw).encoding(['gzip', 'identity']) === 'gzip';
}

/**
 * Below this size a JSON answer goes as it is: it fits a packet with its headers, and gzip's own
 * header and trailer would be most of what it saves.
 */
export const JSON_COMPRESSION_THRESHOLD = 1024;

/**
 * An onSend hook: a JSON answer of at least JSON_COMPRESSION_THRESHOLD bytes goes gzip-compressed to a
 * client that accepts it (the products, movers and news lists of a first page load: 9–15 KB each,
 * ~5× smaller). Only a body already in memory (a string or a Buffer) is compressed: a stream (the
 * event stream is text/event-stream and written straight to the socket, never through here) and an
 * answer already coded (the history) are left alone.
 */
export async function compressJsonAnswer(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
  if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
  if (reply.hasHeader('content-encoding')) return payload;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !type.startsWith('application/json')) return payload;
  const size = typeof payload === 'string' ? Buffer.byteLength(payload) : payload.length;
  if (size < JSON_COMPRESSION_THRESHOLD) return payload;
  // A cache must keep the coded and the plain answer apart, whoever asked first.
  const vary = reply.getHeader('vary');
  const varied = typeof vary === 'string' ? vary : Array.isArray(vary) ? vary.join(', ') : '';
  if (!/\baccept-encoding\b/i.test(varied)) reply.header('vary', varied ? `${varied}, accept-encoding` : 'accept-encoding');
  if (!acceptsGzip(request)) return payload;
  reply.header('content-encoding', 'gzip');
  return gzipSync(payload);
}
