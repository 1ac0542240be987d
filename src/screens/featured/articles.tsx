import { ScreenPage } from '../../components/screen-page';
import { headingOf } from '../../domain/screens';

export default function Articles() {
  return <ScreenPage heading={headingOf('ODGAF110')} lead="與企業福利、職場保障與團體保險有關的精選文章。" />;
}
