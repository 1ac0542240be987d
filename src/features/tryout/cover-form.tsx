import { Form, Formik, useFormikContext } from 'formik';
import type { ChosenCover, TryoutChoice } from '../../../machines/tryout.machine';
import { FormCheckbox } from '../../components/form-checkbox';
import { FormRadioGroup } from '../../components/form-radio-group';
import { FormSelect } from '../../components/form-select';
import { cellRangeLabel, choiceLabel, lineAmountLabel, riderNote } from '../../domain/amount-label';
import { cellChoices } from '../../domain/catalogue';
import { FormDraft, readDraft } from '../../lib/form-draft';
import {
  type CoverValues,
  chosenCover,
  coverErrors,
  coverValues,
  type TryoutCatalogue,
} from './cover-choice';
import { TRYOUT_FLOW } from './tryout-flow';

const MODES = [
  { value: 'package', label: '選擇方案（保障已搭配好）' },
  { value: 'cells', label: '自選單項保障與保額' },
] as const;

function PackageChoices({ catalogue }: { catalogue: TryoutCatalogue }) {
  const options = catalogue.packages.map((pack) => ({
    value: pack.PACK_ID,
    label: `${pack.PACK_NAME}：${pack.PROD_LIST.map((line) => `${line.PROD_NAME} ${lineAmountLabel(line)}`).join('、')}`,
  }));
  return <FormRadioGroup name="packId" legend="方案" options={options} required />;
}

function CellChoices({ catalogue }: { catalogue: TryoutCatalogue }) {
  const { values, errors, submitCount } = useFormikContext<CoverValues>();
  const none = submitCount > 0 && typeof errors.cells === 'string' ? errors.cells : '';
  return (
    <fieldset className="form-fieldset cover-cells">
      <legend>單項保障</legend>
      <p className="form-error field-message" role={none ? 'alert' : undefined}>
        {none}
      </p>
      {catalogue.cells.map((cell) => {
        const salary = cell.BASIS === 'salary';
        const note = riderNote(cell);
        return (
          <div key={cell.PROD_ID} className="cover-cell">
            <FormCheckbox
              name={`cells.${cell.PROD_ID}.on`}
              label={cell.PROD_NAME}
              hint={[cellRangeLabel(cell), note].filter(Boolean).join('；')}
            />
            {values.cells[cell.PROD_ID]?.on && (
              <FormSelect
                name={`cells.${cell.PROD_ID}.choice`}
                label={salary ? `${cell.PROD_NAME}：月投保薪資倍數` : `${cell.PROD_NAME}：保額`}
                options={cellChoices(cell).map((choice) => ({
                  value: String(choice),
                  label: choiceLabel(cell, choice),
                }))}
                required
              />
            )}
          </div>
        );
      })}
    </fieldset>
  );
}

function Choices({ catalogue }: { catalogue: TryoutCatalogue }) {
  const { values } = useFormikContext<CoverValues>();
  if (values.mode === 'package') return <PackageChoices catalogue={catalogue} />;
  if (values.mode === 'cells') return <CellChoices catalogue={catalogue} />;
  return null;
}

interface CoverFormProps {
  catalogue: TryoutCatalogue;
  /** what was confirmed before, if anything */
  choice: TryoutChoice | null;
  /** the package the address asks for (a package page's 試算保費) */
  packId?: string;
  onConfirm: (cover: ChosenCover) => void;
}

/** STEP1 選擇保障: a package, or cells with their amounts (riders with their main product), and 下一步. */
export function CoverForm({ catalogue, choice, packId, onConfirm }: CoverFormProps) {
  const draft = packId ? null : readDraft<CoverValues>(TRYOUT_FLOW, 'cover');
  return (
    <Formik
      initialValues={draft ?? coverValues(catalogue, choice, packId)}
      validate={(values) => coverErrors(values, catalogue)}
      validateOnBlur
      validateOnChange={false}
      onSubmit={(values) => onConfirm(chosenCover(values, catalogue))}
    >
      <Form noValidate className="cover-form">
        <FormDraft flow={TRYOUT_FLOW} form="cover" />
        <FormRadioGroup
          name="mode"
          legend="試算方式"
          options={MODES}
          hint="方案已搭配好常見的保障組合；也可以自行挑選單項保障與保額。"
          required
        />
        <Choices catalogue={catalogue} />
        <div className="form-actions">
          <button type="submit" className="button primary">
            下一步：填寫團體資料
          </button>
        </div>
      </Form>
    </Formik>
  );
}
