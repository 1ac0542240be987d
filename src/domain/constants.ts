/** Business constants of docs/specification.md §9; the server's getExtraSetup may override some at run time. */
export const CART_MAX_ITEMS = 5;
export const CART_DEFAULT_CHANNEL = '1';
export const SESSION_REMIND_SECONDS = 1440;
export const SESSION_END_SECONDS = 1740;
export const PRIVACY_COOKIE = { name: 'OI_Privacy_CHECK', value: 'Y', days: 3650 } as const;
export const GO_TOP_THRESHOLD_PX = 200;
export const GO_TOP_DURATION_MS = 300;
export const INSURANCE_DATE_WINDOW = { minDays: 14, maxDays: 60 } as const;
export const EARLIEST_BIRTH_YEAR = 1931;
export const ROC_YEAR_OFFSET = 1911;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const SALARY_UNIT = 10_000;
/**
 * Salary limits of the docs/specification.md §5 salary rules (the spec gives no figures; these are this deployment's):
 * monthly salary per person at most 20萬 (max monthly salary, in 萬); employees' average monthly salary
 * at most NT$200,000 (total monthly salary); the insured labor salaries of a group at most 49 people
 * (the online group-size cap) × NT$45,800 (the top labor-insurance grade) = NT$2,244,200 (labor sum
 * salary). getExtraSetup serves the values stored in site_settings.
 */
export const SALARY_LIMITS = {
  maxMonthlySalaryWan: 20,
  averageMonthlySalary: 200_000,
  laborSalarySum: 2_244_200,
} as const;
