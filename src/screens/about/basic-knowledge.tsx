import { ScreenPage } from '../../components/screen-page';
import { headingOf } from '../../domain/screens';

export default function BasicKnowledge() {
  return (
    <ScreenPage
      heading={headingOf('ODGAF090')}
      lead="團體保險是由雇主或團體作為要保單位，為員工或成員投保的保險。"
    />
  );
}
