import { type InferType, object } from 'yup';
import { PACK_ID_PATTERN } from '../catalogue';
import { messages } from '../messages';
import { text } from '../validation/fields';
import { labelOf } from '../validation/params';

/** Query of GET catalogue/queryPackage. */
export const queryPackageSchema = object({
  PACK_ID: text('方案代碼')
    .required()
    .matches(PACK_ID_PATTERN, { message: (params) => messages.format(labelOf(params)) }),
});

export type QueryPackage = InferType<typeof queryPackageSchema>;
