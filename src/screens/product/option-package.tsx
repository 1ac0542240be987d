import { ScreenPage } from '../../components/screen-page';
import { headingOf } from '../../domain/screens';

export default function OptionPackage() {
  return (
    <ScreenPage
      heading={headingOf('ODGAF010')}
      lead="比較本公司各團體保險方案的保障內容與保額，選擇最適合貴公司員工的組合。"
    />
  );
}
