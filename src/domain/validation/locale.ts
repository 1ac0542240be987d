import { type AnyMessageParams, setLocale } from 'yup';
import { messages } from '../messages';
import { labelOf } from './params';

/** How a field is filled in; decides the wording of its required message. */
export type InputKind = 'select' | 'check';

function requiredMessage(params: AnyMessageParams): string {
  const label = labelOf(params);
  const input = (params.spec.meta as { input?: InputKind } | undefined)?.input;
  if (input === 'select') return messages.requiredSelect(label);
  if (input === 'check') return messages.requiredCheck(label);
  return messages.required(label);
}

const badFormat = (params: AnyMessageParams) => messages.badFormat(labelOf(params));

// yup reads its default messages when `.required()` and friends are called, so the field builders
// import this module before building any schema. yup's own defaults are English and quote the value,
// however large; every message here names the field and never the value.
setLocale({
  mixed: {
    default: badFormat,
    notType: badFormat,
    required: requiredMessage,
    defined: requiredMessage,
    notNull: requiredMessage,
    // a value outside the offered options is, to the visitor, an option not (yet) chosen
    oneOf: (params) => messages.requiredSelect(labelOf(params)),
  },
  boolean: { isValue: (params: AnyMessageParams) => messages.requiredCheck(labelOf(params)) },
  array: {
    min: (params) => messages.required(labelOf(params)),
    max: (params) => messages.maxCount(labelOf(params), params.max),
  },
});
