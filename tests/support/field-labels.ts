import type { ISchema } from 'yup';
import { caseDocumentsSchema, caseMoveSchema, caseParamsSchema } from '../../src/domain/api/application-case';
import { applicationQueueSchema } from '../../src/domain/api/application-queue';
import {
  journeyParamsSchema,
  journeysQuerySchema,
  traceBatchSchema,
  trafficQuerySchema,
} from '../../src/domain/api/atlas';
import {
  addDetailTraceSchema,
  addTraceSchema,
  deleteCartItemSchema,
  insertCartSchema,
  updateCartItemSchema,
} from '../../src/domain/api/cart-service';
import { queryPackageSchema } from '../../src/domain/api/catalogue';
import { consentAcceptSchema } from '../../src/domain/api/consent';
import { submitContactSchema } from '../../src/domain/api/contact';
import {
  contactAssignSchema,
  contactInboxQuerySchema,
  contactMoveSchema,
  contactNoteSchema,
  contactParamsSchema,
  contactReplySchema,
} from '../../src/domain/api/contact-inbox';
import { articleQuerySchema, articlesQuerySchema } from '../../src/domain/api/content';
import { queryAllMetaSchema } from '../../src/domain/api/function-meta';
import { outboxParamsSchema, outboxQuerySchema } from '../../src/domain/api/outbox';
import {
  documentSchema,
  lookupSchema,
  openTokenSchema,
  progressSchema,
  rosterCodeSchema,
  rosterOpenSchema,
} from '../../src/domain/api/overprint';
import {
  estimateSchema,
  findApplicationSchema,
  submitApplicationSchema,
} from '../../src/domain/api/shopcart';
import {
  addStaffSchema,
  auditQuerySchema,
  loginSchema,
  setRolesSchema,
  staffNameSchema,
} from '../../src/domain/api/staff';
import { noticeAddressCodeSchema, staffNotificationsSchema } from '../../src/domain/api/staff-notifications';
import { groupSchema, quoteRequestSchema } from '../../src/domain/api/tryout';
import { API_BASE } from '../../src/domain/envelope';
import { messages } from '../../src/domain/messages';

/**
 * What a 400 must name: a field of the input its route validates. The labels are the shared yup schemas'
 * own (the forms show the same), read from the schemas, so a message naming no field of the route fails.
 */

/** The schemas each route validates its input with (src/server/routes/*: parseInput's arguments). */
const ROUTE_SCHEMAS: Record<string, ISchema<unknown>[]> = {
  'consent/accept': [consentAcceptSchema],
  'DTODGAZ0/insertCart': [insertCartSchema],
  'DTODGAZ0/updateCartItem': [updateCartItemSchema],
  'DTODGAZ0/deleteCartItem': [deleteCartItemSchema],
  'DTODGAZ0/addTrace': [addTraceSchema],
  'DTODGAZ0/addDetailTrace': [addDetailTraceSchema],
  'DTODGAZ0/getDecryptData': [openTokenSchema],
  'catalogue/queryPackage': [queryPackageSchema],
  'functionMeta/queryAllMeta': [queryAllMetaSchema],
  'content/articles': [articlesQuerySchema],
  'content/article': [articleQuerySchema],
  'contact/submit': [submitContactSchema],
  'overprint/lookup': [lookupSchema],
  'overprint/document': [documentSchema],
  'overprint/rosterCode': [rosterCodeSchema],
  'overprint/rosterOpen': [rosterOpenSchema],
  'progress/query': [progressSchema],
  'shopcart/estimate': [estimateSchema],
  'shopcart/submitApplication': [submitApplicationSchema],
  'shopcart/findApplication': [findApplicationSchema],
  // the group is checked on its own once the item says what it needs
  'tryout/quote': [quoteRequestSchema, groupSchema],
  'staff/login': [loginSchema],
  'staff/accounts': [addStaffSchema],
  'staff/accounts/roles': [setRolesSchema],
  'staff/accounts/lock': [staffNameSchema],
  'staff/accounts/unlock': [staffNameSchema],
  'staff/accounts/end-sessions': [staffNameSchema],
  'staff/audit': [auditQuerySchema],
  'staff/applications': [applicationQueueSchema],
  'staff/applications/export': [applicationQueueSchema],
  'staff/applications/:applicationNo': [caseParamsSchema],
  'staff/applications/:applicationNo/roster': [caseParamsSchema],
  // the path first, then the body
  'staff/applications/:applicationNo/move': [caseParamsSchema, caseMoveSchema],
  'staff/applications/:applicationNo/documents': [caseParamsSchema, caseDocumentsSchema],
  'staff/contacts': [contactInboxQuerySchema],
  'staff/contacts/:contactNo': [contactParamsSchema],
  'staff/contacts/:contactNo/assign': [contactParamsSchema, contactAssignSchema],
  'staff/contacts/:contactNo/move': [contactParamsSchema, contactMoveSchema],
  'staff/contacts/:contactNo/note': [contactParamsSchema, contactNoteSchema],
  'staff/contacts/:contactNo/reply': [contactParamsSchema, contactReplySchema],
  'staff/outbox': [outboxQuerySchema],
  'staff/outbox/:id': [outboxParamsSchema],
  'staff/outbox/:id/resend': [outboxParamsSchema],
  'staff/me/notifications': [staffNotificationsSchema],
  'staff/me/notifications/confirm': [noticeAddressCodeSchema],
  'atlas/traffic': [trafficQuerySchema],
  'atlas/journeys': [journeysQuerySchema],
  'atlas/journeys/:visitor': [journeyParamsSchema],
  'trace/transitions': [traceBatchSchema],
};

/** parseInput's name for the whole input, when it is not an object at all (and the body parser's). */
const INPUT_LABEL = '資料';

/**
 * docs/specification.md §5's messages that name their field by their own words, not by a label: the e-mail, mobile and
 * phone rules, the date alert, the salary limits, the insured ages and the captcha.
 */
const SELF_NAMING = [
  messages.email(),
  messages.cellPhone(),
  messages.homePhone(),
  messages.dateError(),
  messages.totalMonthlySalary(),
  messages.laborInsuranceSalary(),
  messages.captcha(),
];
const SELF_NAMING_PATTERNS = [/^月薪上限\d+萬$/, /^被保險人年齡須介於\d+至\d+歲$/];

interface Description {
  label?: string;
  fields?: Record<string, Description>;
  innerType?: Description;
}

function labelsOf(description: Description, found: string[] = []): string[] {
  if (description.label) found.push(description.label);
  for (const field of Object.values(description.fields ?? {})) labelsOf(field, found);
  if (description.innerType) labelsOf(description.innerType, found);
  return found;
}

const LABELS = new Map(
  Object.entries(ROUTE_SCHEMAS).map(([path, schemas]) => [
    `${API_BASE}/${path}`,
    schemas.flatMap((schema) => labelsOf(schema.describe() as Description)),
  ]),
);

/** The labels of every field the route `endpoint` (as registered) validates; none for a route without input. */
export function fieldLabels(endpoint: string): string[] {
  return LABELS.get(endpoint) ?? [];
}

/** Whether a 400's message names a field of the route's input, the input as a whole, or says its rule's field. */
export function namesAField(endpoint: string, msg: string): boolean {
  return (
    msg.startsWith(INPUT_LABEL) ||
    fieldLabels(endpoint).some((label) => msg.includes(label)) ||
    SELF_NAMING.includes(msg) ||
    SELF_NAMING_PATTERNS.some((pattern) => pattern.test(msg))
  );
}
