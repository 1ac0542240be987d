import { type InferType, object } from 'yup';
import { choice } from '../validation/fields';

/** meta_attr values the page-meta service knows. */
export const META_ATTRS = ['title'] as const;

/** Query of GET functionMeta/queryAllMeta. */
export const queryAllMetaSchema = object({
  meta_attr: choice('查詢屬性').required().oneOf(META_ATTRS),
});

export type QueryAllMeta = InferType<typeof queryAllMetaSchema>;
