import { Link } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import {
  CONTACT_REPLY_WORKING_DAYS,
  type ContactMessage,
  type ContactReceipt as Receipt,
} from '../../domain/api/contact';
import { contactTopicLabel } from '../../domain/contact-topics';
import { INSURER } from '../../domain/insurer';
import { formatRoc, formatRocInstant } from '../../domain/roc-date';

interface ContactReceiptProps {
  receipt: Receipt;
  message: ContactMessage;
  onWriteAgain(): void;
}

/** The done view: the 案件編號, when staff answer and how, and what was asked. Focus lands on its heading. */
export function ContactReceipt({ receipt, message, onWriteAgain }: ContactReceiptProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const phones = [
    message.mobile,
    message.phone && (message.phoneExt ? `${message.phone} 分機 ${message.phoneExt}` : message.phone),
  ].filter(Boolean);
  return (
    <section className="contact-receipt" aria-labelledby="contact-receipt-heading">
      <h2 id="contact-receipt-heading" tabIndex={-1} ref={heading}>
        留言已送出
      </h2>
      <p>
        案件編號 <strong className="application-no">{receipt.contactNo}</strong>
        ，洽詢時請告知此編號。
      </p>
      <p>受理時間：{formatRocInstant(receipt.receivedAt)}</p>
      <p className="contact-reply-by">
        客服人員將於 {formatRoc(receipt.replyBy, 'chinese')}前（{CONTACT_REPLY_WORKING_DAYS}
        個工作天內，不含例假日）以電子郵件或電話回覆您。
      </p>
      <dl className="summary-list">
        <dt>洽詢主題</dt>
        <dd>{contactTopicLabel(message.topic)}</dd>
        <dt>回覆信箱</dt>
        <dd>{message.email}</dd>
        <dt>聯絡電話</dt>
        <dd>{phones.join('、')}</dd>
      </dl>
      <p>
        急需協助請撥免付費服務專線{' '}
        <a href={`tel:${INSURER.serviceLine.replaceAll('-', '')}`}>{INSURER.serviceLine}</a>（
        {INSURER.serviceHours}）。
      </p>
      <div className="form-actions">
        <button type="button" className="button" onClick={onWriteAgain}>
          再留一則訊息
        </button>
        <Link to="/" className="button primary">
          回首頁
        </Link>
      </div>
    </section>
  );
}
