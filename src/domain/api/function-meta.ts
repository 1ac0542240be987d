import { type InferType, object, string } from 'yup';

/** meta_attr values the page-meta service knows. */
export const META_ATTRS = ['title'] as const;

/** Query of GET functionMeta/queryAllMeta. */
export const queryAllMetaSchema = object({
  meta_attr: string()
    .required('查詢屬性（meta_attr）為必填')
    .oneOf(META_ATTRS, '查詢屬性（meta_attr）僅接受 title'),
});

export type QueryAllMeta = InferType<typeof queryAllMetaSchema>;
