import { Form, Formik, useFormikContext } from 'formik';
import type { ValidationError } from 'yup';
import { FormField } from '../../components/form-field';
import { FormRadioGroup } from '../../components/form-radio-group';
import { FormSelect } from '../../components/form-select';
import {
  AGE_BANDS,
  type AgeBandKey,
  bandWithin,
  groupSchema,
  type TryoutGroup,
  type TryoutValidationContext,
} from '../../domain/api/tryout';
import { laborSalaryTable } from '../../domain/labor-salary';
import { formatMoneyExact } from '../../domain/money';
import { OCCUPATION_CLASSES } from '../../domain/occupation';
import { GROUP_SIZE } from '../../domain/pricing';
import { asText, FormDraft, readDraft } from '../../lib/form-draft';
import { validateWith } from '../../lib/validate-with';
import { TRYOUT_FLOW } from './tryout-flow';

interface GroupValues {
  headcount: string;
  occupationClass: string;
  ageBasis: string;
  averageAge: string;
  ageBands: Record<AgeBandKey, string>;
  salaryBasis: string;
  salaryGrade: string;
  salaryAmount: string;
}

function initialValues(group: TryoutGroup | null): GroupValues {
  return {
    headcount: asText(group?.headcount),
    occupationClass: asText(group?.occupationClass),
    ageBasis: asText(group?.ageBasis),
    averageAge: asText(group?.averageAge),
    ageBands: Object.fromEntries(AGE_BANDS.map((b) => [b.key, asText(group?.ageBands?.[b.key])])) as Record<
      AgeBandKey,
      string
    >,
    salaryBasis: asText(group?.salaryBasis),
    salaryGrade: asText(group?.salaryGrade),
    salaryAmount: asText(group?.salaryAmount),
  };
}

const AGE_BASES = [
  { value: 'bands', label: '各年齡層人數（較準確）' },
  { value: 'average', label: '平均年齡' },
];
const SALARY_BASES = [
  { value: 'grade', label: '選擇勞保投保薪資級距' },
  { value: 'amount', label: '輸入平均月薪' },
];

/** From 50 people the premium is quoted by a person: said as soon as the count is typed. */
function LargeGroupNote() {
  const { values } = useFormikContext<GroupValues>();
  const headcount = Number(values.headcount.replace(/,/g, ''));
  if (!(headcount > GROUP_SIZE.maxOnline)) return null;
  return (
    <p className="notice" role="status">
      {GROUP_SIZE.maxOnline + 1}{' '}
      人以上的團體由專人依實際名單報價，線上不提供試算；按「試算保費」後可前往聯絡我們，並帶入您選擇的保障。
    </p>
  );
}

/**
 * The bands' total as the schema words it for the values typed so far, or '' when they add up (or a count or
 * the head count is no number: that is its own field's message).
 */
function bandsTotalMessage(values: GroupValues, rules: TryoutValidationContext): string {
  try {
    groupSchema.validateSync(values, { context: rules, abortEarly: false });
    return '';
  } catch (error) {
    return (error as ValidationError).inner.find((e) => e.path === 'ageBands')?.message ?? '';
  }
}

function AgeFields({ rules }: { rules: TryoutValidationContext }) {
  const { values, errors, submitCount, touched } = useFormikContext<GroupValues>();
  const { ages } = rules;
  // The total's message comes when a field is left or the form sent, as every message does, but follows the
  // counts as they are typed: a message that went only when the last count is left would go as the pointer
  // presses 試算保費, and a two-line one, going, would move the button from under it.
  const bandsMessage =
    typeof errors.ageBands === 'string' && (submitCount > 0 || touched.ageBands)
      ? bandsTotalMessage(values, rules)
      : '';
  if (values.ageBasis === 'average') {
    return (
      <FormField
        name="averageAge"
        label="平均年齡"
        required
        inputMode="numeric"
        normalize="halfWidth"
        hint={`所選保障的投保年齡為 ${ages[0]} 至 ${ages[1]} 歲。`}
      />
    );
  }
  if (values.ageBasis !== 'bands') return null;
  return (
    <fieldset className="form-fieldset age-bands">
      <legend>各年齡層人數</legend>
      <p className="form-hint">
        填入每個年齡層的人數，合計須等於投保人數；所選保障的投保年齡為 {ages[0]} 至 {ages[1]} 歲。
      </p>
      {AGE_BANDS.map((band) => {
        const within = bandWithin(band, ages);
        if (!within) return null;
        const label =
          within.ageMin === within.ageMax ? `${within.ageMin} 歲` : `${within.ageMin}–${within.ageMax} 歲`;
        return (
          <FormField
            key={band.key}
            name={`ageBands.${band.key}`}
            label={`${label}人數`}
            inputMode="numeric"
            normalize="halfWidth"
          />
        );
      })}
      <p className="form-error field-message" role={bandsMessage ? 'alert' : undefined}>
        {bandsMessage}
      </p>
    </fieldset>
  );
}

function SalaryFields({ today }: { today: string }) {
  const { values } = useFormikContext<GroupValues>();
  const grades = laborSalaryTable(today).grades.map((grade) => ({
    value: String(grade),
    label: formatMoneyExact(grade),
  }));
  return (
    <fieldset className="form-fieldset">
      <legend>月薪（月薪倍數型保障的保額依此計算）</legend>
      <FormRadioGroup name="salaryBasis" legend="月薪填寫方式" options={SALARY_BASES} required />
      {values.salaryBasis === 'grade' && (
        <FormSelect
          name="salaryGrade"
          label="月投保薪資"
          options={grades}
          required
          hint="勞工保險投保薪資分級表目前適用的級距。"
        />
      )}
      {values.salaryBasis === 'amount' && (
        <FormField
          name="salaryAmount"
          label="平均月薪"
          required
          inputMode="numeric"
          normalize="halfWidth"
          hint="以元為單位，例如 36000。"
        />
      )}
    </fieldset>
  );
}

interface GroupFormProps {
  group: TryoutGroup | null;
  rules: TryoutValidationContext;
  onBack: () => void;
  onConfirm: (group: TryoutGroup) => void;
}

/** STEP2 投保團體: who the group is (validated on blur), 上一步 and 試算保費. */
export function GroupForm({ group, rules, onBack, onConfirm }: GroupFormProps) {
  return (
    <Formik
      initialValues={readDraft<GroupValues>(TRYOUT_FLOW, 'group') ?? initialValues(group)}
      validate={validateWith(groupSchema, rules)}
      validateOnBlur
      validateOnChange={false}
      onSubmit={(values) => onConfirm(groupSchema.cast(values, { context: rules, stripUnknown: true }))}
    >
      <Form noValidate className="group-form">
        <FormDraft flow={TRYOUT_FLOW} form="group" />
        <FormField
          name="headcount"
          label="投保人數"
          required
          inputMode="numeric"
          normalize="halfWidth"
          hint={`至少 ${GROUP_SIZE.min} 人。`}
        />
        <LargeGroupNote />
        <FormSelect
          name="occupationClass"
          label="職業類別"
          required
          options={OCCUPATION_CLASSES}
          hint="選擇多數成員的工作性質；不確定時請選較高的類別。"
        />
        <FormRadioGroup name="ageBasis" legend="年齡資料" options={AGE_BASES} required />
        <AgeFields rules={rules} />
        {rules.needsSalary && <SalaryFields today={rules.today} />}
        <div className="form-actions">
          <button type="button" className="button" onClick={onBack}>
            上一步
          </button>
          <button type="submit" className="button primary">
            試算保費
          </button>
        </div>
      </Form>
    </Formik>
  );
}
