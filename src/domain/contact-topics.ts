/** The contact form's 洽詢主題 (ODGAF080); kept apart from its schema so a link can name one without yup. */

/** 洽詢主題, in the order the select lists them. */
export const CONTACT_TOPICS = [
  { value: 'quote', label: '投保規劃與報價' },
  { value: 'product', label: '商品內容' },
  { value: 'application', label: '投保申請與進度' },
  { value: 'claim', label: '理賠服務' },
  { value: 'b2b', label: '企業網路保險服務' },
  { value: 'complaint', label: '申訴與建議' },
  { value: 'other', label: '其他' },
] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number]['value'];
export const CONTACT_TOPIC_VALUES: readonly ContactTopic[] = CONTACT_TOPICS.map((topic) => topic.value);

export function contactTopicLabel(topic: string): string {
  return CONTACT_TOPICS.find((t) => t.value === topic)?.label ?? topic;
}
