import { ScreenPage } from '../../components/screen-page';
import { headingOf } from '../../domain/screens';

export default function Contact() {
  return (
    <ScreenPage
      heading={headingOf('ODGAF080')}
      lead="對團體保險有任何疑問，歡迎留言或來電，專人將於二個工作天內與您聯繫。"
    />
  );
}
