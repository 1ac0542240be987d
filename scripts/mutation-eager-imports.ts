// A setup file of the mutation runs' `dom` project (scripts/mutation.vitest.config.ts). Stryker counts code
// as covered by the test running when it executes. A screen the router loads lazily first runs its
// module-level code (a `const f = () => …`) inside the first test that visits it, so a mutant there would
// be run against that one test. Imported here, before any test, that code runs outside every test: Stryker
// takes its mutants as static and runs all of the group's tests against them.

/** Per mutation group, its client modules that the router loads lazily. */
const EAGER: Record<string, () => Promise<unknown>> = {
  'application-bindings': () =>
    Promise.all([
      import('../src/features/application-case/case-screen'),
      import('../src/features/application-case/move-note'),
      import('../src/features/application-case/case-api'),
    ]),
  'contact-message-bindings': () =>
    Promise.all([
      import('../src/features/contact-inbox/inbox-screen'),
      import('../src/features/contact-inbox/message-view'),
      import('../src/features/contact-inbox/inbox-api'),
    ]),
  'outbox-screens': () =>
    Promise.all([
      import('../src/features/outbox/outbox-screen'),
      import('../src/features/outbox/message-view'),
      import('../src/features/outbox/outbox-api'),
      import('../src/features/outbox/outbox-words'),
      import('../src/features/staff-notices/notices-screen'),
      import('../src/features/staff-notices/notices-api'),
    ]),
};

await EAGER[process.env.MUTATION_GROUP ?? '']?.();

export {};
