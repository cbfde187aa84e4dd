import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

interface Answer {
  version: string;
  etag: string;
  json: string;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The whole library as one JSON answer, serialised and compressed once per read-model version: a thousand
 * games are ~350 KB of JSON but ~40 KB as brotli, which keeps a phone's first view of /games small.
 * A client that sends the ETag back gets 304.
 */
export function compressedAnswer(name: string) {
  let answer: Answer | null = null;
  return async function send(request: FastifyRequest, reply: FastifyReply, version: string, build: () => Promise<unknown>) {
    if (!answer || answer.version !== version) {
      const json = JSON.stringify(await build());
      answer = {
        version,
        etag: `"${name}-${version}"`,
        json,
        br: brotliCompressSync(json, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
        gzip: gzipSync(json, { level: 9 }),
      };
    }
    void reply.header('etag', answer.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
    const accepts = String(request.headers['accept-encoding'] ?? '');
    void reply.type('application/json; charset=utf-8');
    if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(answer.br);
    if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(answer.gzip);
    return reply.send(answer.json);
  };
}
