import {
  CART_MAX_ITEMS,
  INSURANCE_DATE_WINDOW,
  SALARY_LIMITS,
  SESSION_END_SECONDS,
  SESSION_REMIND_SECONDS,
} from './constants';

/** The settings getExtraSetup serves, so one change on the server reaches every visitor. */
export interface SiteSettings {
  cartMaxItems: number;
  sessionRemindSeconds: number;
  sessionEndSeconds: number;
  insuranceDateWindow: { minDays: number; maxDays: number };
  salaryLimits: { maxMonthlySalaryWan: number; averageMonthlySalary: number; laborSalarySum: number };
  announcement: string | null;
}

/** docs/specification.md §9's constants: what the server seeds, and what the client uses when it cannot load the settings. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  cartMaxItems: CART_MAX_ITEMS,
  sessionRemindSeconds: SESSION_REMIND_SECONDS,
  sessionEndSeconds: SESSION_END_SECONDS,
  insuranceDateWindow: { ...INSURANCE_DATE_WINDOW },
  salaryLimits: { ...SALARY_LIMITS },
  announcement: null,
};
