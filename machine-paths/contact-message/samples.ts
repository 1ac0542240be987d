/*
 * The contact inbox's samples: 林雅婷 of the service desk takes a message and answers it; a blank
 * reply and a blank name are what the screen must never send.
 */

/** a service person's account name, as the staff session carries it */
export const SAMPLE_INBOX_STAFF = 'ya-ting.lin';

export const SAMPLE_INBOX_REPLY =
  '您好，已收到貴公司 80 人的團體保險報價需求。\n業務人員將於兩個工作天內以電話與您聯繫，謝謝。';

/** only spaces and line breaks: no reply */
export const SAMPLE_BLANK_REPLY = ' \n ';
