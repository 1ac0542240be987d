import { Signer } from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { rememberingSigner } from '../../src/server/cookie-signer';
import { remembered } from '../../src/server/remembered';

describe('remembered', () => {
  it('works an answer out once per argument', () => {
    const asked: string[] = [];
    const upper = remembered((key) => {
      asked.push(key);
      return key.toUpperCase();
    }, 10);
    expect([upper('a'), upper('b'), upper('a'), upper('a')]).toEqual(['A', 'B', 'A', 'A']);
    expect(asked).toEqual(['a', 'b']);
  });

  it('keeps no answer that keep refuses: it is worked out again each time', () => {
    const asked: string[] = [];
    const check = remembered(
      (key) => {
        asked.push(key);
        return key.startsWith('ok');
      },
      10,
      (valid) => valid,
    );
    expect([check('bad'), check('bad'), check('ok1'), check('ok1')]).toEqual([false, false, true, true]);
    expect(asked).toEqual(['bad', 'bad', 'ok1']);
  });

  it('holds at most maxKeys arguments: past that it starts again empty', () => {
    const asked: string[] = [];
    const same = remembered((key) => {
      asked.push(key);
      return key;
    }, 2);
    for (const key of ['a', 'b', 'c', 'a', 'c']) same(key);
    // a and b held; c empties the memory and is held alone; a is worked out again, c is still held
    expect(asked).toEqual(['a', 'b', 'c', 'a']);
  });
});

describe('the remembering cookie signer', () => {
  const secret = 'a secret of the test, long enough';
  const plain = new Signer(secret);

  it('signs as @fastify/cookie signs, and finds its own signature valid, again and again', () => {
    const signer = rememberingSigner(secret);
    const signed = signer.sign('visitor-1');
    expect(signed).toBe(plain.sign('visitor-1'));
    for (let i = 0; i < 3; i++)
      expect(signer.unsign(signed)).toEqual({ valid: true, renew: false, value: 'visitor-1' });
  });

  it('refuses a changed value or signature, also after the right one was checked', () => {
    const signer = rememberingSigner(secret);
    const signed = signer.sign('visitor-1');
    signer.unsign(signed);
    const refused = { valid: false, renew: false, value: null };
    expect(signer.unsign(signed.replace('visitor-1', 'visitor-2'))).toEqual(refused);
    expect(signer.unsign(`${signed.slice(0, -1)}${signed.endsWith('A') ? 'B' : 'A'}`)).toEqual(refused);
    expect(signer.unsign(new Signer('another secret').sign('visitor-1'))).toEqual(refused);
    expect(signer.unsign('visitor-1')).toEqual(refused);
  });
});
