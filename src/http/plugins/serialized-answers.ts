import type { FastifyReply } from 'fastify';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Answers serialized once for each object they are made from, by the route's own response
 * serializer, and sent as that text again while the object is the same: a polled PIN or player is
 * read from memory as the same object until it changes (application/pins/pin-record-cache.ts,
 * application/players/answers-of-facts.ts), and presenting and serializing it anew was a fifth of a
 * poll's CPU time (docs/benchmarks.md, "Profile findings"). Kept in a WeakMap, so nothing outlives
 * the object.
 */
export class SerializedAnswers<Source extends object> {
  private readonly kept = new WeakMap<Source, string>();

  /**
   * What the handler returns: the kept text for `source`, or `present()` serialized and kept. With no
   * source (an answer that moves with the clock), `present()` as it is, serialized as usual.
   */
  answer(reply: FastifyReply, source: Source | undefined, present: () => unknown): unknown {
    if (source === undefined) return present();
    let json = this.kept.get(source);
    if (json === undefined) {
      const text = reply.serialize(present());
      // The route's fast-json-stringify function always writes text.
      if (typeof text !== 'string') return present();
      json = text;
      this.kept.set(source, json);
    }
    // A string with a JSON type is sent as it is: Fastify serializes only what is not text yet.
    reply.type(JSON_TYPE);
    return json;
  }
}
