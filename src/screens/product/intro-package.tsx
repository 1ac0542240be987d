import { ScreenPage } from '../../components/screen-page';
import { headingOf } from '../../domain/screens';

export default function IntroPackage() {
  return <ScreenPage heading={headingOf('ODGAF011')} lead="方案的完整保障項目、保額、投保年齡與注意事項。" />;
}
