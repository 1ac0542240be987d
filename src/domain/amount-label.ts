import type { CatalogueCell, CatalogueLine, ProductFacts } from './catalogue';
import { formatMoney } from './money';

/** A package line's cover: 「100萬」, 「日額 1,000元」, 「月薪 × 24（上限 500萬）」. */
export function lineAmountLabel(line: CatalogueLine): string {
  if (line.BASIS === 'salary') {
    // mark 4 is the occupational line, rated on the labor-insurance salary (docs/specification.md §9)
    const salary = line.SPC_RATE_MARK === 4 ? '月投保薪資' : '月薪';
    const cap = line.AMOUNT_CAP === null ? '' : `（上限 ${formatMoney(line.AMOUNT_CAP)}）`;
    return `${salary} × ${line.SALARY_MULTIPLE}${cap}`;
  }
  return line.BASIS === 'daily' ? `日額 ${formatMoney(line.AMOUNT)}` : formatMoney(line.AMOUNT);
}

/** One choice of a cell's chooser. */
export function choiceLabel(cell: CatalogueCell, choice: number): string {
  if (cell.BASIS === 'salary') return `月投保薪資 × ${choice}`;
  return cell.BASIS === 'daily' ? `日額 ${formatMoney(choice)}` : formatMoney(choice);
}

/** What a cell may be bought at. */
export function cellRangeLabel(cell: CatalogueCell): string {
  if (cell.BASIS === 'salary') {
    const cap = cell.AMOUNT_CAP === null ? '' : `，保額上限 ${formatMoney(cell.AMOUNT_CAP)}`;
    return `月投保薪資 × ${cell.SALARY_MULTIPLE_MIN}～${cell.SALARY_MULTIPLE_MAX} 倍${cap}`;
  }
  const range = `${formatMoney(cell.MIN_AMOUNT)}～${formatMoney(cell.MAX_AMOUNT)}`;
  return `${cell.BASIS === 'daily' ? '日額 ' : ''}${range}，每級 ${formatMoney(cell.AMOUNT_STEP)}`;
}

export function agesLabel(facts: ProductFacts): string {
  return `${facts.JOIN_AGE_MIN}～${facts.JOIN_AGE_MAX} 歲，可續保至 ${facts.RENEW_AGE_MAX} 歲`;
}

export function waitingLabel(facts: ProductFacts): string {
  return facts.WAITING_DAYS > 0 ? `${facts.WAITING_DAYS} 天` : '無';
}

/** 「需搭配團體傷害保險」 for a rider; null for a main product. */
export function riderNote(facts: ProductFacts): string | null {
  return facts.REQUIRES_PROD_NAME ? `需搭配${facts.REQUIRES_PROD_NAME}` : null;
}

/** 「每人每月 154元起」 */
export function fromPriceLabel(amount: number): string {
  return `每人每月 ${formatMoney(amount)}起`;
}
