import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import { coverageOf, type FlowPath, flowPaths } from '../../machine-paths/paths';
import { machines, type RegisteredMachine } from '../../machine-paths/registry';
import { SAMPLE_PACKAGE } from '../../machine-paths/samples/cart.samples';
import { SAMPLE_CONTACT_REQUEST_ID } from '../../machine-paths/samples/contact.samples';
import { SAMPLE_NOTICE_ADDRESS } from '../../machine-paths/samples/email-code.samples';
import { SAMPLE_TRYOUT_TODAY } from '../../machine-paths/samples/tryout.samples';
import type { CartContext, CartEmitted } from '../../machines/cart.machine';
import type { ShopcartInput } from '../../machines/shopcart.context';
import type { CartItemInput } from '../../src/domain/cart-item';
import { applicationLevel } from '../support/application-level';
import { contactLevel } from '../support/contact-level';
import { contactMessageLevel } from '../support/contact-message-level';
import { emailCodeLevel } from '../support/email-code-level';
import { APPLICATION_CALLS, applicationStimuli } from '../support/flows/application.flow';
import { cartStimuli } from '../support/flows/cart.flow';
import { acceptedBefore, consentStimuli } from '../support/flows/consent.flow';
import { CONTACT_CALLS, contactStimuli } from '../support/flows/contact.flow';
import { contactMessageStimuli } from '../support/flows/contact-message.flow';
import { emailCodeStimuli } from '../support/flows/email-code.flow';
import { outboxMessageStimuli } from '../support/flows/outbox-message.flow';
import { OVERPRINT_CALLS, overprintStimuli } from '../support/flows/overprint.flow';
import { SESSION_START, sessionStimuli } from '../support/flows/session.flow';
import { SHOPCART_CALLS, shopcartStart, shopcartStimuli } from '../support/flows/shopcart.flow';
import { TRYOUT_CALLS, tryoutStimuli } from '../support/flows/tryout.flow';
import { type MachineLevel, machineDriver } from '../support/machine-driver';
import { ApplicationOracle, type ApplicationView } from '../support/oracles/application.oracle';
import { CartOracle, type CartView } from '../support/oracles/cart.oracle';
import { ConsentOracle, type ConsentView } from '../support/oracles/consent.oracle';
import { ContactOracle, type ContactView } from '../support/oracles/contact.oracle';
import { ContactMessageOracle, type ContactMessageView } from '../support/oracles/contact-message.oracle';
import { EmailCodeOracle, type EmailCodeView } from '../support/oracles/email-code.oracle';
import type { Oracle } from '../support/oracles/oracle';
import { OutboxMessageOracle, type OutboxMessageView } from '../support/oracles/outbox-message.oracle';
import { OverprintOracle, type OverprintView } from '../support/oracles/overprint.oracle';
import { SessionOracle, type SessionView } from '../support/oracles/session.oracle';
import { ShopcartOracle, type ShopcartView } from '../support/oracles/shopcart.oracle';
import { TryoutOracle, type TryoutView } from '../support/oracles/tryout.oracle';
import { outboxMessageLevel } from '../support/outbox-message-level';
import { overprintLevel } from '../support/overprint-level';
import { recordPassedPath } from '../support/path-record';
import { runPath, type StimuliOf } from '../support/path-runner';
import { shopcartLevel } from '../support/shopcart-level';
import { tryoutLevel } from '../support/tryout-level';

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
