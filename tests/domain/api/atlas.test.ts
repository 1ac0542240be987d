import { describe, expect, it } from 'vitest';
import { traceBatchSchema, trafficQuerySchema } from '../../../src/domain/api/atlas';
import { firstError } from '../validation/first-error';

/* The atlas's inputs: the visitor flows' trace batches, and the traffic query. */

const STEP = { machine: 'shopcart', from: 'step2.editing', event: 'flow.next', to: 'step3', ago: 1200 };
const batch = (...steps: object[]) => firstError(traceBatchSchema, { steps });

describe('trace/transitions', () => {
  it('takes 1 to 50 steps of the traced machines', () => {
    expect(batch(STEP)).toBeNull();
    expect(batch(...Array.from({ length: 50 }, () => STEP))).toBeNull();
    expect(batch()).toBe('狀態轉換格式錯誤');
    expect(batch(...Array.from({ length: 51 }, () => STEP))).toBe('狀態轉換格式錯誤');
    for (const machine of ['consent', 'cart', 'session', 'tryout', 'overprint', 'contact'])
      expect(batch({ ...STEP, machine })).toBeNull();
    expect(batch({ ...STEP, machine: 'atlas' })).toBe('流程格式錯誤');
  });

  it('names states as leaf paths of letters, digits and _ $ . | -, events also with :', () => {
    expect(batch({ ...STEP, from: 'active.timer.running|active.banner.hidden' })).toBeNull();
    expect(batch({ ...STEP, event: 'xstate.done.actor.0.shopcart:submit' })).toBeNull();
    expect(batch({ ...STEP, from: 'step2 editing' })).toBe('起始狀態格式錯誤');
    expect(batch({ ...STEP, to: 'a:b' })).toBe('結束狀態格式錯誤');
    expect(batch({ ...STEP, to: 's'.repeat(201) })).toBe('結束狀態格式錯誤');
    expect(batch({ ...STEP, to: 's'.repeat(200) })).toBeNull();
    expect(batch({ ...STEP, event: 'e'.repeat(121) })).toBe('事件格式錯誤');
    expect(batch({ ...STEP, event: 'flow.next<script>' })).toBe('事件格式錯誤');
    expect(batch({ ...STEP, from: '' })).toBe('起始狀態不可為空白');
  });

  it('takes a step of up to a day ago, in whole milliseconds', () => {
    expect(batch({ ...STEP, ago: 0 })).toBeNull();
    expect(batch({ ...STEP, ago: 86_400_000 })).toBeNull();
    expect(batch({ ...STEP, ago: 86_400_001 })).toBe('時間格式錯誤');
    expect(batch({ ...STEP, ago: -1 })).toBe('時間格式錯誤');
    expect(batch({ ...STEP, ago: 1.5 })).toBe('時間格式錯誤');
  });
});

describe('atlas/traffic', () => {
  it('asks a traced machine and two days written yyyy-MM-dd', () => {
    const query = { machine: 'tryout', from: '2026-11-01', to: '2026-11-23' };
    expect(firstError(trafficQuerySchema, query)).toBeNull();
    expect(firstError(trafficQuerySchema, { ...query, machine: 'x' })).toBe('流程格式錯誤');
    expect(firstError(trafficQuerySchema, { ...query, from: '2026/11/01' })).toBe('起日格式錯誤');
    expect(firstError(trafficQuerySchema, { ...query, to: '2026-11-233' })).toBe('迄日格式錯誤');
    // a day the calendar does not have, and an empty field, which says so first
    expect(firstError(trafficQuerySchema, { ...query, to: '2026-02-30' })).toBe('迄日格式錯誤');
    expect(firstError(trafficQuerySchema, { ...query, from: '2026-13-01' })).toBe('起日格式錯誤');
    expect(firstError(trafficQuerySchema, { ...query, from: '2028-02-29' })).toBeNull();
    expect(firstError(trafficQuerySchema, { ...query, from: '' })).toBe('起日不可為空白');
  });
});
