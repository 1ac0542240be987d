import { ScreenPage } from '../../components/screen-page';
import { headingOf } from '../../domain/screens';

export default function Questions() {
  return <ScreenPage heading={headingOf('ODGAF094')} lead="整理企業投保團體保險時最常詢問的問題。" />;
}
