import { sharedPlugin } from './shared-plugin';

/**
 * app.close() lets in-flight requests finish, but their keep-alive connections would then hold the
 * server open until the keep-alive timeout. Answers sent while closing therefore end their connection.
 */
export const gracefulClosePlugin = sharedPlugin(async (app) => {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
});
