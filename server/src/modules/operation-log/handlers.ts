/** Handler of the operation-log list. */
import type { Services } from '../../services.ts';
import { actorOf } from '../../http/context.ts';
import { defineHandlers } from '../../http/endpoints.ts';

export const operationLogHandlers = (s: Services) =>
  defineHandlers({
    operationLog: async (q, { req }) => s.operationLog.list(actorOf(req), q),
  });
