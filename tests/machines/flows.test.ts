import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { applicationLevel } from '../../machine-paths/application/machine-level';
import { ApplicationOracle, type ApplicationView } from '../../machine-paths/application/oracle';
import { APPLICATION_CALLS, applicationStimuli } from '../../machine-paths/application/stimuli';
import { CartOracle, type CartView } from '../../machine-paths/cart/oracle';
import { SAMPLE_PACKAGE } from '../../machine-paths/cart/samples';
import { cartStimuli } from '../../machine-paths/cart/stimuli';
import { ConsentOracle, type ConsentView } from '../../machine-paths/consent/oracle';
import { acceptedBefore, consentStimuli } from '../../machine-paths/consent/stimuli';
import { contactLevel } from '../../machine-paths/contact/machine-level';
import { ContactOracle, type ContactView } from '../../machine-paths/contact/oracle';
import { SAMPLE_CONTACT_REQUEST_ID } from '../../machine-paths/contact/samples';
import { CONTACT_CALLS, contactStimuli } from '../../machine-paths/contact/stimuli';
import { contactMessageLevel } from '../../machine-paths/contact-message/machine-level';
import { ContactMessageOracle, type ContactMessageView } from '../../machine-paths/contact-message/oracle';
import { contactMessageStimuli } from '../../machine-paths/contact-message/stimuli';
import { emailCodeLevel } from '../../machine-paths/email-code/machine-level';
import { EmailCodeOracle, type EmailCodeView } from '../../machine-paths/email-code/oracle';
import { SAMPLE_NOTICE_ADDRESS } from '../../machine-paths/email-code/samples';
import { emailCodeStimuli } from '../../machine-paths/email-code/stimuli';
import { outboxMessageLevel } from '../../machine-paths/outbox-message/machine-level';
import { OutboxMessageOracle, type OutboxMessageView } from '../../machine-paths/outbox-message/oracle';
import { outboxMessageStimuli } from '../../machine-paths/outbox-message/stimuli';
import { overprintLevel } from '../../machine-paths/overprint/machine-level';
import { OverprintOracle, type OverprintView } from '../../machine-paths/overprint/oracle';
import { OVERPRINT_CALLS, overprintStimuli } from '../../machine-paths/overprint/stimuli';
import { coverageOf, type FlowPath, flowPaths } from '../../machine-paths/paths';
import { machines, type RegisteredMachine } from '../../machine-paths/registry';
import { SessionOracle, type SessionView } from '../../machine-paths/session/oracle';
import { SESSION_START, sessionStimuli } from '../../machine-paths/session/stimuli';
import { shopcartLevel } from '../../machine-paths/shopcart/machine-level';
import { ShopcartOracle, type ShopcartView } from '../../machine-paths/shopcart/oracle';
import { SHOPCART_CALLS, shopcartStart, shopcartStimuli } from '../../machine-paths/shopcart/stimuli';
import { tryoutLevel } from '../../machine-paths/tryout/machine-level';
import { TryoutOracle, type TryoutView } from '../../machine-paths/tryout/oracle';
import { SAMPLE_TRYOUT_TODAY } from '../../machine-paths/tryout/samples';
import { TRYOUT_CALLS, tryoutStimuli } from '../../machine-paths/tryout/stimuli';
import type { CartContext, CartEmitted } from '../../machines/cart.machine';
import type { ShopcartInput } from '../../machines/shopcart.context';
import type { CartItemInput } from '../../src/domain/cart-item';
import { type MachineLevel, machineDriver } from '../support/machine-driver';
import type { Oracle } from '../support/oracle';
import { recordPassedPath } from '../support/path-record';
import { runPath, type StimuliOf } from '../support/path-runner';

/** How a flow's machine runs alone: its oracle, its stimuli, and what of the oracle's view it can show. */
interface MachineFlow<V, MV> {
  oracle(path: FlowPath): Oracle<never, V>;
  stimuli: StimuliOf<unknown>;
  level: MachineLevel<MV>;
  project(view: V): MV;
  calls: readonly string[];
}

const refusalDialog = (title: string) => (c: CartContext) => ({ title, says: c.refusal });
const CART_DIALOGS: Record<string, (c: CartContext) => { title: string; says: string }> = {
  cartFull: (c) => ({ title: '購物車已滿', says: `購物車最多可放 ${c.maxItems} 項保障` }),
  itemError: refusalDialog('無法加入購物車'),
  addFailed: refusalDialog('加入購物車失敗'),
  removeFailed: refusalDialog('無法移除此項目'),
  updateFailed: refusalDialog('無法變更保額'),
};

type CartMachineView = Omit<CartView, 'overlay' | 'dialog'> & {
  dialog: { title: string; says: string } | null;
};

const cart: MachineFlow<CartView, CartMachineView> = {
  oracle: () => new CartOracle() as never,
  stimuli: cartStimuli(SAMPLE_PACKAGE) as StimuliOf<unknown>,
  // the site's settings are the binding's call, not the machine's
  calls: ['getCart', 'insertCart', 'deleteCartItem', 'updateCartItem'],
  project: ({ overlay: _, dialog, ...rest }) => ({
    ...rest,
    dialog: dialog && { title: dialog.title, says: dialog.says },
  }),
  level: {
    calls: {
      loadCart: () => [{ call: 'getCart', body: {} }],
      insertCartItem: (input: { item: CartItemInput }) => [{ call: 'insertCart', body: input.item }],
      removeCartItem: (input: { classId: number }) => [
        { call: 'deleteCartItem', body: { CLASS_ID: input.classId } },
      ],
      updateCartItem: (input: { classId: number; item: CartItemInput }) => [
        { call: 'updateCartItem', body: { ...input.item, CLASS_ID: input.classId } },
      ],
    },
    view: (s: AnyMachineSnapshot, emitted: EventObject[]) => {
      const context = s.context as CartContext;
      return {
        count: context.cart.CLASS_LIST.length,
        titles: s.matches('loadFailed') ? [] : context.cart.CLASS_LIST.map((c) => c.CLASS_TITLE),
        limit: context.maxItems,
        loadFailed: s.matches('loadFailed'),
        busy: s.hasTag('busy'),
        dialog: CART_DIALOGS[String(s.value)]?.(context) ?? null,
        added: emitted
          .filter((e): e is CartEmitted => e.type === 'cart.added')
          .map((e) => e.item.CLASS_TITLE),
      };
    },
  },
};

const session: MachineFlow<SessionView, { dialog: string | null }> = {
  oracle: () => new SessionOracle(SESSION_START) as never,
  stimuli: sessionStimuli as StimuliOf<unknown>,
  calls: ['addSession', 'cleanSession'],
  project: (v) => ({ dialog: v.dialog?.title ?? null }),
  level: {
    calls: {
      startSession: () => [{ call: 'addSession', body: {} }],
      endSession: () => [{ call: 'cleanSession', body: {} }],
    },
    view: (s) => ({
      dialog: s.matches('reminding') ? '工作階段即將結束' : s.matches('ended') ? '工作階段已結束' : null,
    }),
  },
};

const consent: MachineFlow<ConsentView, Omit<ConsentView, 'cookie'>> = {
  oracle: (path) => new ConsentOracle(acceptedBefore(path.steps)) as never,
  stimuli: consentStimuli as StimuliOf<unknown>,
  // storing the consent is the cookie and the call together: the machine alone cannot tell them apart
  calls: [],
  project: ({ cookie: _, ...rest }) => rest,
  level: {
    calls: {},
    instant: ['xstate.done.actor.readConsent', 'xstate.error.actor.storeConsent'],
    view: (s) => ({
      banner: ['asking', 'saving', 'failed'].some((v) => s.matches(v)),
      refusedByBrowser: s.matches('failed'),
      acceptEnabled: s.matches('asking') || s.matches('failed'),
    }),
  },
};

const shopcart: MachineFlow<ShopcartView, ShopcartView> = {
  oracle: () =>
    new ShopcartOracle(
      shopcartStart(machines.find((m) => m.id === 'shopcart')!.input as ShopcartInput),
    ) as never,
  stimuli: shopcartStimuli as StimuliOf<unknown>,
  calls: SHOPCART_CALLS,
  project: (view) => view,
  // a fresh level for every path: it remembers the step on screen
  get level() {
    return shopcartLevel();
  },
};

const tryout: MachineFlow<TryoutView, TryoutView> = {
  oracle: () => new TryoutOracle(SAMPLE_TRYOUT_TODAY) as never,
  stimuli: tryoutStimuli as StimuliOf<unknown>,
  calls: TRYOUT_CALLS,
  project: (view) => view,
  level: tryoutLevel,
};

const overprint: MachineFlow<OverprintView, OverprintView> = {
  oracle: () => new OverprintOracle() as never,
  stimuli: overprintStimuli as StimuliOf<unknown>,
  calls: OVERPRINT_CALLS,
  project: (view) => view,
  level: overprintLevel,
};

const contact: MachineFlow<ContactView, ContactView> = {
  oracle: () => new ContactOracle(SAMPLE_CONTACT_REQUEST_ID) as never,
  stimuli: contactStimuli as StimuliOf<unknown>,
  calls: CONTACT_CALLS,
  project: (view) => view,
  level: contactLevel,
};

const application: MachineFlow<ApplicationView, ApplicationView> = {
  oracle: () => new ApplicationOracle() as never,
  stimuli: applicationStimuli as StimuliOf<unknown>,
  calls: APPLICATION_CALLS,
  project: (view) => view,
  level: applicationLevel,
};

const contactMessage: MachineFlow<ContactMessageView, ContactMessageView> = {
  oracle: () => new ContactMessageOracle() as never,
  stimuli: contactMessageStimuli as StimuliOf<unknown>,
  calls: [],
  project: (view) => view,
  level: contactMessageLevel,
};

const outboxMessage: MachineFlow<OutboxMessageView, OutboxMessageView> = {
  oracle: () => new OutboxMessageOracle() as never,
  stimuli: outboxMessageStimuli as StimuliOf<unknown>,
  calls: [],
  project: (view) => view,
  level: outboxMessageLevel,
};

const emailCode: MachineFlow<EmailCodeView, EmailCodeView> = {
  oracle: () => new EmailCodeOracle(SAMPLE_NOTICE_ADDRESS) as never,
  stimuli: emailCodeStimuli as StimuliOf<unknown>,
  calls: [],
  project: (view) => view,
  level: emailCodeLevel,
};

const FLOWS = {
  cart,
  session,
  consent,
  shopcart,
  tryout,
  overprint,
  contact,
  application,
  'contact-message': contactMessage,
  'outbox-message': outboxMessage,
  'email-code': emailCode,
} as unknown as Record<string, MachineFlow<unknown, unknown>>;

describe.each(machines)('$id machine', (entry: RegisteredMachine) => {
  const flow = FLOWS[entry.id]!;

  it('is registered under its own id, the flow’s name', () => {
    expect(entry.machine.id).toBe(entry.id);
  });

  it('has a generated path through every declared transition, and none that changes nothing', () => {
    const report = coverageOf(entry);
    expect(report.uncovered).toEqual([]);
    expect(report.noOps).toEqual([]);
  });

  for (const path of flowPaths(entry)) {
    it(`agrees with its oracle: ${path.description}`, async () => {
      await runPath(
        path,
        flow.stimuli,
        flow.oracle(path),
        machineDriver(entry, flow.level),
        async (actual, expected) => {
          const e = expected as { view: unknown };
          expect(await actual()).toEqual({ ...e, view: flow.project(e.view) });
        },
        flow.calls,
      );
      recordPassedPath('machine', entry.id, path);
    });
  }
});
