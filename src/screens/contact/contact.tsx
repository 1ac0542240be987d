import { useSearch } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { ScreenPage } from '../../components/screen-page';
import { CONTACT_REPLY_WORKING_DAYS } from '../../domain/api/contact';
import { INSURER } from '../../domain/insurer';
import { headingOf } from '../../domain/screens';
import { contactFlow, writeAnotherMessage } from '../../features/contact/contact-flow';
import { ContactForm } from '../../features/contact/contact-form';
import { ContactReceipt } from '../../features/contact/contact-receipt';
import { useFlow } from '../../lib/create-flow';

/** The screen's lead paragraph (also the build's prerendered page). */
export const lead = `對團體保險有任何疑問，歡迎留言，客服人員將於 ${CONTACT_REPLY_WORKING_DAYS} 個工作天內回覆；急事請撥免付費服務專線 ${INSURER.serviceLine}。`;

/** 聯絡我們 (ODGAF080): the message form, or once sent its 案件編號 and when it is answered. */
export default function Contact() {
  const start = useSearch({ from: '/contact' });
  const flow = useFlow(contactFlow);
  const sent = useSelector(flow, (s) => (s.matches('sent') ? s.context : null));
  const busy = useSelector(flow, (s) => s.hasTag('busy'));
  const failure = useSelector(flow, (s) => s.context.failure);
  return (
    <ScreenPage heading={headingOf('ODGAF080')} lead={lead}>
      {sent?.receipt && sent.message ? (
        <ContactReceipt
          receipt={sent.receipt}
          message={sent.message}
          onWriteAgain={() => writeAnotherMessage(flow)}
        />
      ) : (
        <ContactForm
          start={start}
          busy={busy}
          failure={failure}
          onSubmit={(message, captcha) => flow.send({ type: 'contact.submit', message, captcha })}
        />
      )}
    </ScreenPage>
  );
}
