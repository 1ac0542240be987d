import { describe, expect, it } from 'vitest';
import { createActor, toPromise } from 'xstate';
import { unbound } from '../../machines/unbound';

describe('unbound: the stand-in for an actor the binding provides', () => {
  it('fails, naming the actor that was not provided', async () => {
    await expect(toPromise(createActor(unbound<string>('loadCart')).start())).rejects.toThrow(
      new Error('loadCart not provided'),
    );
  });
});
