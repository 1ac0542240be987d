import type { FastifyPluginAsync } from 'fastify';

/**
 * Marks a plugin as not encapsulated (what fastify-plugin does), so its hooks, decorators and
 * handlers apply to the whole app. Used for the cross-cutting plugins only; routes stay encapsulated.
 */
export function sharedPlugin<Options extends Record<string, unknown>>(
  plugin: FastifyPluginAsync<Options>,
): FastifyPluginAsync<Options> {
  Object.assign(plugin, { [Symbol.for('skip-override')]: true });
  return plugin;
}
