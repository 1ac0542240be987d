import { Form, Formik, useFormikContext } from 'formik';
import { useEffect, useState } from 'react';
import { ContactChannelFields } from '../../components/contact-channel-fields';
import { DateField } from '../../components/form-date-field';
import { FormField } from '../../components/form-field';
import { FormSelect } from '../../components/form-select';
import { type Applicant, applicantSchema, type ShopcartValidationContext } from '../../domain/api/shopcart';
import { INDUSTRIES } from '../../domain/industry';
import { formatRoc } from '../../domain/roc-date';
import type { RosterError, RosterRow } from '../../domain/roster';
import { CITY_NAMES, districtsOf } from '../../domain/taiwan-address';
import { asText, FormDraft, readDraft, writeDraft } from '../../lib/form-draft';
import { validateWith } from '../../lib/validate-with';
import { RETURN_TO_REVIEW } from './return-to-review';
import { RosterUpload } from './roster-upload';
import { SHOPCART_FLOW } from './shopcart-flow';

type ApplicantValues = Record<keyof Applicant, string>;

const FIELDS = [
  'companyName',
  'taxId',
  'representative',
  'industry',
  'city',
  'district',
  'street',
  'contactName',
  'contactTitle',
  'mobile',
  'phone',
  'phoneExt',
  'email',
  'headcount',
  'totalSalary',
  'maxSalary',
  'startDate',
  'ageMin',
  'ageMax',
] as const satisfies ReadonlyArray<keyof Applicant>;

function initialValues(applicant: Applicant | null, headcount: number | undefined): ApplicantValues {
  const values = Object.fromEntries(FIELDS.map((f) => [f, ''])) as ApplicantValues;
  if (!applicant) return { ...values, headcount: asText(headcount) };
  for (const f of FIELDS) values[f] = asText(applicant[f]);
  return { ...values, startDate: applicant.startDate ? formatRoc(applicant.startDate) : '' };
}

const CITY_OPTIONS = CITY_NAMES.map((name) => ({ value: name, label: name }));

/** 鄉鎮市區 follows 縣市: a district of another city is cleared when the city changes. */
function DistrictSelect() {
  const { values, setFieldValue } = useFormikContext<ApplicantValues>();
  const districts = districtsOf(values.city);
  useEffect(() => {
    if (values.district && !districts.some((d) => d.name === values.district))
      void setFieldValue('district', '');
  }, [values.district, districts, setFieldValue]);
  return (
    <FormSelect
      name="district"
      label="鄉鎮市區"
      required
      placeholder={values.city ? '請選擇' : '請先選擇縣市'}
      options={districts.map((d) => ({ value: d.name, label: `${d.zip} ${d.name}` }))}
    />
  );
}

interface ApplicantFormProps {
  applicant: Applicant | null;
  roster: RosterRow[];
  /** STEP1's 投保人數, the first value of this step's */
  headcount: number | undefined;
  rules: ShopcartValidationContext;
  /** opened from STEP3's 修改: confirming goes back there */
  returning: boolean;
  onBack: () => void;
  onConfirm: (applicant: Applicant, roster: RosterRow[]) => void;
}

/** STEP2 要保單位資料: the shared schema checks each field on blur; the roster is checked as it is read. */
export function ApplicantForm({
  applicant,
  roster,
  headcount,
  rules,
  returning,
  onBack,
  onConfirm,
}: ApplicantFormProps) {
  const [rows, setRows] = useState(() => readDraft<RosterRow[]>(SHOPCART_FLOW, 'roster') ?? roster);
  const [rosterErrors, setRosterErrors] = useState<RosterError[]>([]);
  const [rosterProblem, setRosterProblem] = useState('');
  const [youngest, oldest] = rules.ages;
  return (
    <Formik
      initialValues={
        readDraft<ApplicantValues>(SHOPCART_FLOW, 'applicant') ?? initialValues(applicant, headcount)
      }
      validate={validateWith(applicantSchema, rules)}
      validateOnBlur
      validateOnChange={false}
      onSubmit={(values) => {
        const cast = applicantSchema.cast(values, { context: rules }) as Applicant;
        if (rosterErrors.length > 0)
          return setRosterProblem('名冊有需要修正的資料，請修正後重新上傳或移除名冊。');
        if (rows.length > 0 && rows.length !== cast.headcount)
          return setRosterProblem(`名冊有 ${rows.length} 位被保險人，與投保人數 ${cast.headcount} 人不同。`);
        setRosterProblem('');
        onConfirm(cast, rows);
      }}
    >
      {({ values }) => (
        <Form noValidate className="applicant-form">
          <FormDraft flow={SHOPCART_FLOW} form="applicant" />
          <fieldset className="form-fieldset">
            <legend>要保單位</legend>
            <FormField name="companyName" label="要保單位名稱" required autoComplete="organization" />
            <FormField
              name="taxId"
              label="統一編號"
              required
              inputMode="numeric"
              normalize="halfWidth"
              maxLength={8}
            />
            <FormField name="representative" label="負責人" required />
            <FormSelect name="industry" label="行業類別" required options={INDUSTRIES} />
            <FormSelect name="city" label="縣市" required options={CITY_OPTIONS} />
            <DistrictSelect />
            <FormField
              name="street"
              label="地址"
              required
              hint="路、街、巷、弄、號、樓"
              autoComplete="street-address"
            />
          </fieldset>
          <fieldset className="form-fieldset">
            <legend>聯絡人</legend>
            <FormField name="contactName" label="聯絡人" required autoComplete="name" />
            <FormField name="contactTitle" label="聯絡人職稱" required autoComplete="organization-title" />
            <ContactChannelFields />
          </fieldset>
          <fieldset className="form-fieldset">
            <legend>投保條件</legend>
            <FormField
              name="headcount"
              label="投保人數"
              required
              inputMode="numeric"
              normalize="halfWidth"
              hint="5 至 49 人；50 人以上請洽業務人員"
            />
            {rules.needsSalary && (
              <>
                <FormField
                  name="totalSalary"
                  label="員工總月薪"
                  required
                  inputMode="decimal"
                  normalize="halfWidth"
                  hint="全體被保險人月薪合計，以萬元為單位"
                />
                <FormField
                  name="maxSalary"
                  label="最高月薪"
                  required
                  inputMode="decimal"
                  normalize="halfWidth"
                  hint="月薪最高者的月薪，以萬元為單位"
                />
              </>
            )}
            <DateField
              name="startDate"
              label="投保始期"
              required
              hint="今日起第 14 天至第 60 天之間，例如 115/12/20"
            />
            <FormField
              name="ageMin"
              label="被保險人最低年齡"
              required
              inputMode="numeric"
              normalize="halfWidth"
              hint={`可投保年齡 ${youngest} 至 ${oldest} 歲`}
            />
            <FormField
              name="ageMax"
              label="被保險人最高年齡"
              required
              inputMode="numeric"
              normalize="halfWidth"
            />
          </fieldset>
          <RosterUpload
            rows={rows}
            rules={rules}
            startDate={values.startDate}
            onRows={(next) => {
              setRows(next);
              writeDraft(SHOPCART_FLOW, 'roster', next);
              setRosterProblem('');
            }}
            onErrors={(errors) => {
              setRosterErrors(errors);
              setRosterProblem('');
            }}
          />
          {rosterProblem && (
            <p className="form-error" role="alert">
              {rosterProblem}
            </p>
          )}
          <div className="form-actions">
            <button type="button" className="button" onClick={onBack}>
              上一步
            </button>
            <button type="submit" className="button primary">
              {returning ? RETURN_TO_REVIEW : '下一步：確認申請內容'}
            </button>
          </div>
        </Form>
      )}
    </Formik>
  );
}
