import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { object } from 'yup';
import { text } from '../../src/domain/validation/fields';
import { yupValidatorCompiler } from '../../src/server/route-input';

const ROUTES = join(import.meta.dirname, '../../src/server/routes');

describe('routes declare their inputs', () => {
  it('no route handler validates by hand: parseInput is not called in src/server/routes', () => {
    const calling = readdirSync(ROUTES).filter((file) =>
      /\bparseInput\s*\(/.test(readFileSync(join(ROUTES, file), 'utf8')),
    );
    expect(calling).toEqual([]);
  });

  it('answers the cast value to the handler and the yup refusal to the error handler', async () => {
    const app = Fastify();
    app.setValidatorCompiler(yupValidatorCompiler);
    app.setErrorHandler((error: Error, _request, reply) => reply.code(400).send({ message: error.message }));
    const schema = object({ name: text('名稱').required() });
    app.post('/echo', { schema: { body: schema } }, async (request) => request.body);
    const sent = await app.inject({ method: 'POST', url: '/echo', payload: { name: ' 甲 ', other: 1 } });
    expect(sent.json()).toEqual({ name: '甲' });
    const refused = await app.inject({ method: 'POST', url: '/echo', payload: { name: '' } });
    expect(refused.json()).toEqual({ message: '名稱不可為空白' });
    await app.close();
  });

  it('refuses a route whose schema is not a yup object when it is added', async () => {
    const app = Fastify();
    app.setValidatorCompiler(yupValidatorCompiler);
    app.post('/json', { schema: { body: { type: 'object' } } }, async () => null);
    await expect(app.ready()).rejects.toThrow('not a yup object schema');
  });
});
