import { describe, expect, it } from 'vitest';
import { lintIn } from '../support/lint-probe';

// The feature boundary is biome.json's: a module of one feature folder imports nothing from another one
// (what two features share lives in src/components, src/domain or src/lib). Each case lints a module as if
// it were in src/features/cart (tests/support/lint-probe.ts).
const MESSAGE = 'A feature imports no other feature';

const lintInCart = (source: string) => lintIn('src/features/cart', source);

describe('the feature boundary', () => {
  it.each([
    [
      'a sibling feature folder',
      "import { ContactForm } from '../contact/contact-form';\n\nexport const probe = ContactForm;\n",
    ],
    [
      'the features folder from above',
      "import { loadPackage } from '../../features/catalogue/package-api';\n\nexport const probe = loadPackage;\n",
    ],
    ['a lazy import', "export const probe = () => import('../shopcart/flow-rules');\n"],
  ])('refuses an import from another feature: %s', (_, source) => {
    const { status, output } = lintInCart(source);
    expect(status).not.toBe(0);
    expect(output).toContain('lint/style/noRestrictedImports');
    expect(output).toContain(MESSAGE);
  });

  it('lets a feature import its own modules and the shared ones', () => {
    const { status, output } = lintInCart(
      [
        "import { Dialog } from '../../components/dialog';",
        "import { formatMoney } from '../../domain/money';",
        "import { useCart } from '../../lib/use-cart';",
        "import { CartButton } from './cart-button';",
        '',
        'export const probe = [Dialog, formatMoney, useCart, CartButton];',
        '',
      ].join('\n'),
    );
    expect(output).not.toContain(MESSAGE);
    expect(status).toBe(0);
  });
});
