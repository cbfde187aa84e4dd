import type { FastifyReply, FastifyRequest } from 'fastify';

interface Answer {
  version: string;
  etag: string;
  body: string;
}

/**
 * Public lists answered from a serialised copy kept per read-model version: the query, the mapping
 * and JSON.stringify run once per change, not once per visitor. A client that sends the ETag back
 * gets 304. `key` tells apart answers of one route that differ (a query string, "today").
 */
export function answerCache() {
  const answers = new Map<string, Answer>();
  return async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    version: string,
    build: () => Promise<unknown>,
  ): Promise<FastifyReply> {
    let answer = answers.get(key);
    if (!answer || answer.version !== version) {
      const body = JSON.stringify(await build());
      answer = { version, etag: `"${key.length.toString(36)}-${hash(key)}-${version}"`, body };
      if (answers.size > 100) answers.clear();
      answers.set(key, answer);
    }
    void reply.header('etag', answer.etag).header('cache-control', 'no-cache');
    if (request.headers['if-none-match'] === answer.etag) return reply.status(304).send();
    return reply.type('application/json; charset=utf-8').send(answer.body);
  };
}

/** A short, stable tag for a cache key (FNV-1a): ETags of two keys never collide by accident. */
function hash(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return (h >>> 0).toString(36);
}
