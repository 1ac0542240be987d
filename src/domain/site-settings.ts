import {
  CART_MAX_ITEMS,
  INSURANCE_DATE_WINDOW,
  SESSION_END_SECONDS,
  SESSION_REMIND_SECONDS,
} from './constants';

/** The settings getExtraSetup serves, so one change on the server reaches every visitor. */
export interface SiteSettings {
  cartMaxItems: number;
  sessionRemindSeconds: number;
  sessionEndSeconds: number;
  insuranceDateWindow: { minDays: number; maxDays: number };
  announcement: string | null;
}

/** What the client uses when the settings cannot be loaded: SPEC §9's constants. */
export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  cartMaxItems: CART_MAX_ITEMS,
  sessionRemindSeconds: SESSION_REMIND_SECONDS,
  sessionEndSeconds: SESSION_END_SECONDS,
  insuranceDateWindow: { ...INSURANCE_DATE_WINDOW },
  announcement: null,
};
