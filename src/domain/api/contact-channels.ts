import { text } from '../validation/fields';
import { labelOf } from '../validation/params';
import { cellPhone, homePhone } from '../validation/phone-rules';
import { email, maxLength, numeric } from '../validation/text-rules';

/**
 * How a company is reached, as the shopcart's STEP2 and the contact form ask it: 手機 and 市話 are each
 * optional but one of them is needed; 分機 goes with 市話; 電子郵件 always.
 */
export function contactChannelFields() {
  return {
    mobile: text('手機號碼', 'halfWidth')
      .test(cellPhone())
      .when('phone', ([phone], s) => (phone ? s : s.required((p) => `${labelOf(p)}與市話請至少填寫一項`))),
    phone: text('市話', 'halfWidth').test(homePhone()),
    phoneExt: text('分機', 'halfWidth').test(numeric()).test(maxLength(6)),
    email: text('電子郵件', 'halfWidth').required().test(email()).test(maxLength(100)),
  };
}
