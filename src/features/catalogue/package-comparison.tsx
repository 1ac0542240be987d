import { Link } from '@tanstack/react-router';
import { TableScroll } from '../../components/table-scroll';
import { fromPriceLabel, lineAmountLabel } from '../../domain/amount-label';
import type { CatalogueLine, CataloguePackage } from '../../domain/catalogue';

/** Products as rows, packages as columns: what each package covers and for how much. */
export function PackageComparison({ packages }: { packages: readonly CataloguePackage[] }) {
  const products = new Map<string, string>();
  for (const line of packages.flatMap((p) => p.PROD_LIST)) products.set(line.PROD_ID, line.PROD_NAME);
  const lineOf = (pack: CataloguePackage, prodId: string): CatalogueLine | undefined =>
    pack.PROD_LIST.find((l) => l.PROD_ID === prodId);

  return (
    <TableScroll label="方案比較表">
      <table className="data-table">
        <caption>各方案保障內容比較</caption>
        <thead>
          <tr>
            <th scope="col">保障項目</th>
            {packages.map((pack) => (
              <th key={pack.PACK_ID} scope="col">
                <Link to="/product/Intropackage" search={{ PACK_ID: pack.PACK_ID }}>
                  {pack.PACK_NAME}
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...products].map(([prodId, name]) => (
            <tr key={prodId}>
              <th scope="row">{name}</th>
              {packages.map((pack) => {
                const line = lineOf(pack, prodId);
                return (
                  <td key={pack.PACK_ID}>
                    {line ? (
                      lineAmountLabel(line)
                    ) : (
                      <>
                        <span aria-hidden="true">—</span>
                        <span className="visually-hidden">不含此保障</span>
                      </>
                    )}
                  </td>
                );
              })}
            </tr>
          ))}
          <tr>
            <th scope="row">保費</th>
            {packages.map((pack) => (
              <td key={pack.PACK_ID}>{fromPriceLabel(pack.FROM_MONTHLY_PER_PERSON)}</td>
            ))}
          </tr>
        </tbody>
      </table>
    </TableScroll>
  );
}
