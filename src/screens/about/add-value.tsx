import { ScreenPage } from '../../components/screen-page';
import { headingOf } from '../../domain/screens';

export default function AddValue() {
  return (
    <ScreenPage heading={headingOf('ODGAF092')} lead="投保本公司團體保險的企業與員工可享有的加值服務。" />
  );
}
