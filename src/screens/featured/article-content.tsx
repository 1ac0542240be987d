import { ScreenPage } from '../../components/screen-page';
import { headingOf } from '../../domain/screens';

export default function ArticleContent() {
  return <ScreenPage heading={headingOf('ODGAF111')} />;
}
