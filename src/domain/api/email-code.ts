import { object } from 'yup';
import { EMAIL_CODE } from '../email-code';
import { messages } from '../messages';
import { text } from '../validation/fields';

/** 驗證碼: the six digits an e-mail carried (issue 45), typed in full or half width. */
export const emailCodeField = () =>
  text('驗證碼', 'halfWidth')
    .required()
    .matches(EMAIL_CODE, { message: () => messages.emailCodeFormat() });

/** A form of the code alone: the overprint's STEP2, 通知設定's new address. */
export const emailCodeSchema = object({ code: emailCodeField() });
