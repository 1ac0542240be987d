import { type InferType, object, string } from 'yup';

/** client_device values of SPEC §7, chosen by the client from the user agent. */
export const CLIENT_DEVICES = ['Mobile', 'Desktop'] as const;

/** Body of POST consent/accept: which consent text version the visitor accepted, on what device. */
export const consentAcceptSchema = object({
  version: string()
    .trim()
    .required('同意書版本（version）為必填')
    .max(32, '同意書版本（version）長度上限為 32')
    .matches(/^[\w.-]+$/, '同意書版本（version）僅可包含英數字、點、底線或連字號'),
  client_device: string()
    .required('裝置類型（client_device）為必填')
    .oneOf(CLIENT_DEVICES, '裝置類型（client_device）須為 Mobile 或 Desktop'),
}).required('請提供同意資料');

export type ConsentAccept = InferType<typeof consentAcceptSchema>;
