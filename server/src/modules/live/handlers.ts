/**
 * The live-update stream `GET /events` (docs/design.md, "Live updates"): the guard has
 * checked the token and the membership (so failures get the usual envelope, code 101 or
 * not-a-member); then the reply becomes a text/event-stream held open until the client goes
 * or the service ends it.
 */
import type { Services } from '../../services.ts';
import { actorOf, authOf } from '../../http/context.ts';
import { defineHandlers } from '../../http/endpoints.ts';
import { readToken } from '../../http/guard.ts';
import { errors } from '../../http/errors.ts';

export const liveHandlers = (s: Services) =>
  defineHandlers({
    liveEvents: async (_q, { req, reply }) => {
      const actor = actorOf(req);
      const token = readToken(req);
      if (!token) throw errors.notSignedIn();
      const raw = reply.raw;
      const write = (text: string) => void (raw.writableEnded || raw.write(text));
      const stream = await s.live.open(token, authOf(req).userId, actor.companyId, {
        event: (name, data) => write(`event: ${name}\ndata: ${JSON.stringify(data)}\n\n`),
        comment: (text) => write(`: ${text}\n\n`),
        end: () =>
          new Promise<void>((resolve) => {
            if (raw.writableFinished || raw.destroyed) return resolve();
            raw.once('close', resolve).once('finish', resolve);
            if (!raw.writableEnded) raw.end();
          }),
      });
      reply.hijack();
      // The headers set so far (helmet's, no-store) go out with the stream's own.
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // nginx and similar proxies would otherwise buffer the stream.
        'x-accel-buffering': 'no',
        // A stream's connection is never reused: once it ends, the socket goes (a closing server waits for no idle stream socket).
        connection: 'close',
      });
      // The response's close: the client went away (the request's own close fires once it is read).
      raw.on('close', () => stream.close());
      stream.start();
      return reply;
    },
  });
