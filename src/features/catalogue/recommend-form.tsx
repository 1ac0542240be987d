import { Form, Formik } from 'formik';
import { object } from 'yup';
import { FormCheckbox } from '../../components/form-checkbox';
import { FormField } from '../../components/form-field';
import { FormSelect } from '../../components/form-select';
import { PRIORITIES, type Priority, type RecommendInput } from '../../domain/recommend';
import { choice, text } from '../../domain/validation/fields';
import { notZero } from '../../domain/validation/number-rules';
import { numeric } from '../../domain/validation/text-rules';

const OCCUPATION_CLASSES = [
  { value: '1', label: '第 1 類：內勤、行政、門市' },
  { value: '2', label: '第 2 類：外勤業務、清潔、一般駕駛' },
  { value: '3', label: '第 3 類：現場作業、貨物搬運' },
  { value: '4', label: '第 4 類：貨車司機、機械操作' },
  { value: '5', label: '第 5 類：營建工地、重機具操作' },
  { value: '6', label: '第 6 類：高空、高危險作業' },
] as const;

const recommendSchema = object({
  occupationClass: choice('職業類別')
    .required()
    .oneOf(OCCUPATION_CLASSES.map((c) => c.value)),
  headcount: text('投保人數', 'halfWidth').required().test(numeric()).test(notZero()),
});

type Values = { occupationClass: string; headcount: string; priorities: Record<Priority, boolean> };

const INITIAL: Values = {
  occupationClass: '',
  headcount: '',
  priorities: { death: false, accident: false, hospital: false, illness: false, dependants: false },
};

/** The questionnaire: occupation class of most members, headcount and what matters most. */
export function RecommendForm({ onSubmit }: { onSubmit: (input: RecommendInput) => void }) {
  return (
    <Formik
      initialValues={INITIAL}
      validationSchema={recommendSchema}
      validateOnBlur
      validateOnChange={false}
      onSubmit={(values) => {
        const cast = recommendSchema.cast(values);
        onSubmit({
          occupationClass: Number(cast.occupationClass),
          headcount: Number(cast.headcount),
          priorities: PRIORITIES.map((p) => p.value).filter((p) => values.priorities[p]),
        });
      }}
    >
      <Form noValidate className="recommend-form">
        <FormSelect
          name="occupationClass"
          label="職業類別"
          required
          options={OCCUPATION_CLASSES}
          hint="選擇多數成員的工作性質；不確定時請選較高的類別。"
        />
        <FormField name="headcount" label="投保人數" required inputMode="numeric" normalize="halfWidth" />
        <fieldset className="form-fieldset">
          <legend>保障重點（可複選）</legend>
          {PRIORITIES.map((p) => (
            <FormCheckbox key={p.value} name={`priorities.${p.value}`} label={p.label} />
          ))}
        </fieldset>
        <button type="submit" className="button primary">
          查看推薦方案
        </button>
      </Form>
    </Formik>
  );
}
