import { Form, Formik } from 'formik';
import { object } from 'yup';
import { FormCheckbox } from '../../components/form-checkbox';
import { FormField } from '../../components/form-field';
import { FormSelect } from '../../components/form-select';
import { OCCUPATION_CLASS_VALUES, OCCUPATION_CLASSES } from '../../domain/occupation';
import { PRIORITIES, type Priority, type RecommendInput } from '../../domain/recommend';
import { choice, text } from '../../domain/validation/fields';
import { notZero } from '../../domain/validation/number-rules';
import { numeric } from '../../domain/validation/text-rules';

const recommendSchema = object({
  occupationClass: choice('職業類別').required().oneOf(OCCUPATION_CLASS_VALUES),
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
