/** Business constants of SPEC §9; the server's getExtraSetup may override some at run time. */
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
