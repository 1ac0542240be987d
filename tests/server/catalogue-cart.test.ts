import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCartItem, type InputPackage, type SourceCode } from '../../src/domain/cart-item';
import {
  type CatalogueCell,
  type CataloguePackage,
  cellChoices,
  cellPackage,
} from '../../src/domain/catalogue';
import { CartVisitor } from '../support/cart-visitor';
import { createTestApp, type TestApp } from '../support/server';

// The catalogue's answers, put in the cart the way the screens do, pass the cart service's item rules.
let t: TestApp;
let packages: CataloguePackage[];
let cells: CatalogueCell[];
beforeAll(async () => {
  t = await createTestApp();
  const get = async (verb: string) =>
    (await t.app.inject({ url: `/ODGAWeb/api/catalogue/${verb}` })).json().data;
  packages = await get('queryPackages');
  cells = await get('queryCells');
});
afterAll(() => t.close());

async function insert(visitor: CartVisitor, pkg: InputPackage, source: SourceCode) {
  return (await visitor.call('insertCart', buildCartItem(pkg, source, ''))).json();
}

const pack = (id: string) => packages.find((p) => p.PACK_ID === id)!;
const cell = (id: string) => cells.find((c) => c.PROD_ID === id)!;

describe('catalogue answers in the cart', () => {
  it.each(['BASIC', 'ADVANCED', 'PREMIUM', 'MFG'])(
    'accepts the %s package, from the list and as a recommendation',
    async (id) => {
      for (const source of ['PKG', 'REC'] as const) {
        const answer = await insert(await CartVisitor.arrive(t), pack(id), source);
        expect(answer.returnCode, `${source}: ${answer.msg}`).toBe(0);
      }
    },
  );

  it('accepts 眷屬加保型 only beside an employee package (its GHR needs the life policy)', async () => {
    const visitor = await CartVisitor.arrive(t);
    expect(await insert(visitor, pack('FAMILY'), 'PKG')).toMatchObject({ data: 'modalCartItemError' });
    expect((await insert(visitor, pack('MFG'), 'PKG')).returnCode).toBe(0);
    expect((await insert(visitor, pack('FAMILY'), 'PKG')).returnCode).toBe(0);
  });

  it('accepts every choice of every main cell', async () => {
    for (const c of cells.filter((c) => !c.IS_RIDER)) {
      for (const choice of cellChoices(c)) {
        const answer = await insert(await CartVisitor.arrive(t), cellPackage(c, choice), 'CELL');
        expect(answer.returnCode, `${c.PROD_ID} ${choice}: ${answer.msg}`).toBe(0);
      }
    }
  });

  it('refuses a rider cell alone with the rule the screen shows, and accepts it beside its main', async () => {
    const visitor = await CartVisitor.arrive(t);
    const gam = cellPackage(cell('GAM'), 50_000);
    expect(await insert(visitor, gam, 'CELL')).toMatchObject({
      data: 'modalCartItemError',
      msg: expect.stringContaining('須搭配團體傷害保險'),
    });
    expect((await insert(visitor, cellPackage(cell('GAD'), 1_000_000), 'CELL')).returnCode).toBe(0);
    expect((await insert(visitor, gam, 'CELL')).returnCode).toBe(0);
    const ghd = cellPackage(cell('GHD'), 3_000);
    expect((await insert(visitor, cellPackage(cell('GTL'), 300_000), 'CELL')).returnCode).toBe(0);
    expect((await insert(visitor, ghd, 'CELL')).returnCode).toBe(0);
  });
});
