import { describe, expect, it } from 'vitest';
import { machines } from '../../machine-paths/registry';
import { tryoutLevel } from '../../machine-paths/tryout/machine-level';
import { TryoutOracle, type TryoutView } from '../../machine-paths/tryout/oracle';
import {
  SAMPLE_COVERS,
  SAMPLE_GROUP,
  SAMPLE_LARGE_GROUP,
  SAMPLE_SALARY_GROUP,
  SAMPLE_SMALL_GROUP,
  SAMPLE_TRYOUT_TODAY,
} from '../../machine-paths/tryout/samples';
import {
  addedToCart,
  chooseCover,
  describeGroup,
  openStep,
  quoted,
  quoteRefused,
  retry,
  startOver,
  TRYOUT_CALLS,
  type TryoutEvent,
  tryoutStimuli,
} from '../../machine-paths/tryout/stimuli';
import { machineDriver } from '../support/machine-driver';
import { runPath, scenarioPath } from '../support/path-runner';

// The rules for the premium trial as fixed sequences: each is played on the machine (its screens as
// the machine level shows them) and on the oracle, which must agree after every step; the test then says
// what the rule promises the visitor.

const entry = machines.find((m) => m.id === 'tryout')!;

/** Plays the events from a new trial on `today`; answers the view after each and what was sent. */
async function playOn(
  today: string,
  events: TryoutEvent[],
): Promise<{ views: TryoutView[]; sent: unknown[] }> {
  const oracle = new TryoutOracle(today);
  const views: TryoutView[] = [];
  await runPath(
    scenarioPath(events),
    tryoutStimuli,
    oracle,
    machineDriver({ ...entry, input: { today } }, tryoutLevel),
    async (actual, expected) => {
      expect(await actual()).toEqual(expected);
      views.push((expected as { view: TryoutView }).view);
    },
    TRYOUT_CALLS,
  );
  return { views: views.slice(1), sent: oracle.sent.map((s) => s.body) };
}

const play = (...events: TryoutEvent[]) => playOn(SAMPLE_TRYOUT_TODAY, events);

const stepsOf = (views: TryoutView[]) => views.map((v) => v.step);

describe('the premium trial', () => {
  it('quotes 基本型 for the worked example’s group: the server’s 2,290 a person, 21,755 a year, 1,914 a month', async () => {
    const { views, sent } = await play(chooseCover(), describeGroup(), quoted());
    expect(stepsOf(views)).toEqual([2, 3, 3]);
    expect(views[1]).toEqual({ step: 3, busy: true, result: null, added: false });
    expect(views[2]!.result).toEqual({
      kind: 'quoted',
      annualPerPerson: 2_290,
      annual: 21_755,
      monthly: 1_914,
      monthlyPerPerson: 191,
    });
    // the quote prices the item 加入購物車 would put in the cart
    expect(sent).toEqual([
      {
        item: {
          SOURCE_CODE: 'PKG',
          SHOPCART_CART_NO: '',
          RLAT_CODE: '0',
          CLASS_TITLE: '基本型',
          IS_SLRY_MLTPL: 'N',
          PROD_LIST: [
            { PROD_ID: 'GTL', ORDER_SEQ: 1, IS_ACC: 'N', FACE_AMT_TYPE: 1, FACE_AMT: 1_000_000 },
            { PROD_ID: 'GAD', ORDER_SEQ: 2, IS_ACC: 'Y', FACE_AMT_TYPE: 1, FACE_AMT: 1_000_000 },
            { PROD_ID: 'GAM', ORDER_SEQ: 3, IS_ACC: 'Y', FACE_AMT_TYPE: 1, FACE_AMT: 30_000 },
          ],
        },
        group: SAMPLE_GROUP,
      },
    ]);
  });

  it('from 50 people says 請洽專人報價 and asks the server nothing', async () => {
    const { views, sent } = await play(chooseCover(), describeGroup(SAMPLE_LARGE_GROUP));
    expect(views[1]).toEqual({ step: 3, busy: false, result: { kind: 'negotiated' }, added: false });
    expect(sent).toEqual([]);
  });

  it('does not go on with a rider alone, nor with fewer than 5 people, nor without the salary a cover needs', async () => {
    const { views, sent } = await play(
      chooseCover('riderAlone'),
      chooseCover('workInjury'),
      describeGroup(SAMPLE_SMALL_GROUP),
      describeGroup(SAMPLE_GROUP),
      describeGroup(SAMPLE_SALARY_GROUP),
    );
    expect(stepsOf(views)).toEqual([1, 2, 2, 2, 3]);
    expect(sent).toEqual([expect.objectContaining({ group: SAMPLE_SALARY_GROUP })]);
  });

  it('Back and Forward keep the quote and that it went into the cart; nothing is asked again', async () => {
    const { views, sent } = await play(
      chooseCover(),
      describeGroup(),
      quoted(),
      addedToCart,
      openStep(2),
      openStep(1),
      openStep(3),
    );
    expect(stepsOf(views)).toEqual([2, 3, 3, 3, 2, 1, 3]);
    expect(views.at(-1)).toMatchObject({ added: true, result: { kind: 'quoted', annual: 21_755 } });
    expect(sent).toHaveLength(1);
  });

  it('confirming STEP2 again asks a new quote; another cover drops the quote and its group must hold for it', async () => {
    const { views, sent } = await play(
      chooseCover(),
      describeGroup(),
      quoted(),
      addedToCart,
      openStep(2),
      describeGroup(),
      quoted(),
      openStep(1),
      chooseCover('workInjury'),
      // the worked example's group has no salary, which the new cover asks for
      openStep(3),
    );
    expect(stepsOf(views)).toEqual([2, 3, 3, 3, 2, 3, 3, 1, 2, 2]);
    expect(views[5]).toEqual({ step: 3, busy: true, result: null, added: false });
    expect(sent).toHaveLength(2);
  });

  it('a deep link lands on the furthest step the data allows', async () => {
    const { views } = await play(openStep(3), openStep(2), chooseCover(), openStep(1), openStep(3));
    expect(stepsOf(views)).toEqual([1, 1, 2, 1, 2]);
  });

  it('a quote that cannot be had says why and is asked again on 再試一次', async () => {
    const { views, sent } = await play(chooseCover(), describeGroup(), quoteRefused(''), retry, quoted());
    expect(views[2]!.result).toEqual({ kind: 'failed', message: '暫時無法試算，請稍後再試一次' });
    expect(views[3]).toMatchObject({ busy: true, result: null });
    expect(views[4]!.result).toMatchObject({ kind: 'quoted' });
    expect(sent).toHaveLength(2);
  });

  it('重新試算 forgets the cover and the group', async () => {
    const { views } = await play(chooseCover(), describeGroup(), quoted(), startOver, openStep(3));
    expect(stepsOf(views)).toEqual([2, 3, 3, 1, 1]);
  });

  it('leaving STEP3 while the quote is asked forgets it: coming back asks again', async () => {
    const { sent, views } = await play(chooseCover(), describeGroup(), openStep(2), openStep(3));
    expect(stepsOf(views)).toEqual([2, 3, 2, 3]);
    expect(views.at(-1)!.busy).toBe(true);
    expect(sent).toHaveLength(2);
  });

  it('keeps the quote when the same cover is confirmed again', async () => {
    const { views, sent } = await play(
      chooseCover(),
      describeGroup(),
      quoted(),
      openStep(1),
      { type: 'cover.confirm', cover: { ...SAMPLE_COVERS.basic } },
      openStep(3),
    );
    expect(views.at(-1)!.result).toMatchObject({ kind: 'quoted' });
    expect(sent).toHaveLength(1);
  });

  it('quotes 49 people online and not 50', async () => {
    const at = (headcount: number) =>
      describeGroup({ ...SAMPLE_GROUP, headcount, ageBands: { age30: headcount } });
    const { views, sent } = await play(chooseCover(), at(49), openStep(2), at(50));
    expect(views[1]).toMatchObject({ step: 3, busy: true });
    expect(views[3]).toMatchObject({ step: 3, busy: false, result: { kind: 'negotiated' } });
    expect(sent).toHaveLength(1);
  });

  it('another cover the group still holds for drops the quote and that it was added: STEP3 asks again', async () => {
    const { views, sent } = await play(
      chooseCover(),
      describeGroup(),
      quoted(),
      addedToCart,
      openStep(1),
      chooseCover('lifeOnly'),
      openStep(3),
      quoted(),
      openStep(2),
      openStep(3),
    );
    expect(views[6]).toEqual({ step: 3, busy: true, result: null, added: false });
    // the new quote is not in the cart, whatever happened to the one before
    expect(views.at(-1)).toMatchObject({ step: 3, added: false, result: { kind: 'quoted' } });
    expect(sent).toHaveLength(2);
  });

  it('a quote not put in the cart is not said to be in it after Back and Forward', async () => {
    const { views } = await play(
      chooseCover(),
      describeGroup(),
      quoted(),
      openStep(2),
      openStep(3),
      openStep(3),
    );
    expect(views.slice(-2).map((v) => [v.step, v.added, v.result?.kind])).toEqual([
      [3, false, 'quoted'],
      [3, false, 'quoted'],
    ]);
  });

  it('says the server’s reason when it gives one', async () => {
    const { views } = await play(chooseCover(), describeGroup(), quoteRefused('系統忙碌中，請稍後再試'));
    expect(views[2]!.result).toEqual({ kind: 'failed', message: '系統忙碌中，請稍後再試' });
  });

  it('does not go on with a cover without products, or whose products share no join age', async () => {
    const none = { ...SAMPLE_COVERS.basic, pkg: { ...SAMPLE_COVERS.basic.pkg, PROD_LIST: [] } };
    const apart = { ...SAMPLE_COVERS.basic, ages: null };
    const { views } = await play(
      { type: 'cover.confirm', cover: none },
      { type: 'cover.confirm', cover: apart },
      chooseCover(),
    );
    expect(stepsOf(views)).toEqual([1, 1, 2]);
  });

  it('重新試算 counts the salary grades from its own day', async () => {
    // 28,590 was a grade of 2025's table, not of 2026's
    const grade2025 = { ...SAMPLE_SALARY_GROUP, salaryGrade: 28_590 };
    const { views } = await playOn('2025-12-31', [
      chooseCover('workInjury'),
      describeGroup(grade2025),
      quoted(),
      { type: 'flow.restart', today: '2026-01-02' },
      chooseCover('workInjury'),
      describeGroup(grade2025),
    ]);
    expect(stepsOf(views)).toEqual([2, 3, 3, 1, 2, 2]);
  });
});
