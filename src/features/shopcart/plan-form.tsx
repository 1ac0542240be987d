import { Form, Formik, useFormikContext } from 'formik';
import type { ReactNode } from 'react';
import { FormField } from '../../components/form-field';
import { FormSelect } from '../../components/form-select';
import type { ShopcartPlan, ShopcartValidationContext } from '../../domain/api/shopcart';
import { planSchema } from '../../domain/api/shopcart';
import { OCCUPATION_CLASSES } from '../../domain/occupation';
import { asText, FormDraft, readDraft } from '../../lib/form-draft';
import { validateWith } from '../../lib/validate-with';
import { RETURN_TO_REVIEW } from './return-to-review';
import { SHOPCART_FLOW } from './shopcart-flow';
import { type EstimateState, useEstimate } from './use-estimate';

type PlanValues = Record<keyof ShopcartPlan, string>;

function initialValues(plan: ShopcartPlan | null): PlanValues {
  return {
    headcount: asText(plan?.headcount),
    occupationClass: asText(plan?.occupationClass),
    averageAge: asText(plan?.averageAge),
    averageSalary: asText(plan?.averageSalary),
  };
}

function Estimate({
  rules,
  cartSignature,
  children,
}: {
  rules: ShopcartValidationContext;
  cartSignature: string;
  children: (state: EstimateState) => ReactNode;
}) {
  const { values } = useFormikContext<PlanValues>();
  return <>{children(useEstimate(values, rules, cartSignature))}</>;
}

interface PlanFormProps {
  plan: ShopcartPlan | null;
  rules: ShopcartValidationContext;
  cartSignature: string;
  /** opened from STEP3's 修改: confirming goes back there */
  returning: boolean;
  onConfirm: (plan: ShopcartPlan) => void;
  /** the estimate's table and summary, given the estimate as it stands */
  children: (state: EstimateState) => ReactNode;
}

/** STEP1's group facts (validated on blur) with the live estimate, and 下一步. */
export function PlanForm({ plan, rules, cartSignature, returning, onConfirm, children }: PlanFormProps) {
  const [youngest, oldest] = rules.ages;
  return (
    <Formik
      initialValues={readDraft<PlanValues>(SHOPCART_FLOW, 'plan') ?? initialValues(plan)}
      validate={validateWith(planSchema, rules)}
      validateOnBlur
      validateOnChange={false}
      onSubmit={(values) => onConfirm(planSchema.cast(values, { context: rules }))}
    >
      <Form noValidate className="plan-form">
        <FormDraft flow={SHOPCART_FLOW} form="plan" />
        <fieldset className="form-fieldset">
          <legend>團體資料（估算保費用）</legend>
          <FormField
            name="headcount"
            label="投保人數"
            required
            inputMode="numeric"
            normalize="halfWidth"
            hint="至少 5 人；50 人以上請送出申請，由專人報價。"
          />
          <FormSelect
            name="occupationClass"
            label="職業類別"
            required
            options={OCCUPATION_CLASSES}
            hint="選擇多數成員的工作性質；不確定時請選較高的類別。"
          />
          <FormField
            name="averageAge"
            label="平均年齡"
            required
            inputMode="numeric"
            normalize="halfWidth"
            hint={`購物車中的保障可投保年齡為 ${youngest} 至 ${oldest} 歲。`}
          />
          {rules.needsSalary && (
            <FormField
              name="averageSalary"
              label="平均月薪"
              required
              inputMode="numeric"
              normalize="halfWidth"
              hint="以元為單位；月薪倍數型保障的保額依月薪計算。"
            />
          )}
        </fieldset>
        <Estimate rules={rules} cartSignature={cartSignature}>
          {children}
        </Estimate>
        <div className="form-actions">
          <button type="submit" className="button primary">
            {returning ? RETURN_TO_REVIEW : '下一步：填寫投保資料'}
          </button>
        </div>
      </Form>
    </Formik>
  );
}
