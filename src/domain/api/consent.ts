import type { InferType } from 'yup';
import { object } from 'yup';
import { CONSENT_VERSION } from '../consent';
import { choice } from '../validation/fields';

/** client_device values of docs/specification.md §7, chosen by the client from the user agent. */
export const CLIENT_DEVICES = ['Mobile', 'Desktop'] as const;

const CONSENT_VERSIONS = [CONSENT_VERSION] as const;

/** Body of POST consent/accept: which consent text version the visitor accepted, on what device. */
export const consentAcceptSchema = object({
  version: choice('同意書版本').required().oneOf(CONSENT_VERSIONS),
  client_device: choice('裝置類型').required().oneOf(CLIENT_DEVICES),
});

export type ConsentAccept = InferType<typeof consentAcceptSchema>;
