import { Form, Formik } from 'formik';
import { BusyButton } from '../../components/busy-button';
import { useCaptcha } from '../../components/captcha/use-captcha';
import { ContactChannelFields } from '../../components/contact-channel-fields';
import { FormCheckbox } from '../../components/form-checkbox';
import { FormField } from '../../components/form-field';
import { FormSelect } from '../../components/form-select';
import { FormTextArea } from '../../components/form-text-area';
import {
  CONTACT_CONTENT_MAX,
  type ContactMessage,
  type ContactQuote,
  contactMessageSchema,
  contactQuoteSchema,
} from '../../domain/api/contact';
import { CONTACT_TOPIC_VALUES, CONTACT_TOPICS } from '../../domain/contact-topics';
import { INSURER } from '../../domain/insurer';
import { FormDraft, readDraft } from '../../lib/form-draft';
import type { ContactSearch } from '../../router';
import { CONTACT_FLOW } from './contact-flow';

/** The form's values as typed: every text a string, the consent a tick. */
export interface ContactValues {
  name: string;
  companyName: string;
  taxId: string;
  mobile: string;
  phone: string;
  phoneExt: string;
  email: string;
  topic: string;
  content: string;
  consent: boolean;
}

const EMPTY: ContactValues = {
  name: '',
  companyName: '',
  taxId: '',
  mobile: '',
  phone: '',
  phoneExt: '',
  email: '',
  topic: '',
  content: '',
  consent: false,
};

/** The words the tryout's 請洽專人報價 starts the message with; the visitor may change them. */
function quoteRequest(start: ContactSearch): string {
  const what = start.cover ? `「${start.cover}」` : '團體保險';
  const who = start.headcount ? `，投保人數 ${start.headcount} 人` : '';
  return `我在保費試算中選擇了${what}${who}，想請專人提供報價。`;
}

/** The draft of this tab, else a form started from how the page was opened. */
function initialValues(start: ContactSearch): ContactValues {
  const draft = readDraft<ContactValues>(CONTACT_FLOW, 'message');
  const values = draft ?? EMPTY;
  const topic = CONTACT_TOPIC_VALUES.find((value) => value === start.topic);
  if (!topic) return values;
  const quote = topic === 'quote' && (start.cover || start.headcount);
  return {
    ...values,
    topic,
    content: quote && values.content.trim() === '' ? quoteRequest(start) : values.content,
  };
}

const OPTIONAL = ['taxId', 'mobile', 'phone', 'phoneExt'] as const;

/** The tryout's 請洽專人報價 as the message carries it: the cover priced and the head count, when both are sound. */
function quoteOf(start: ContactSearch): ContactQuote | undefined {
  const quote = { item: start.item, headcount: start.headcount };
  return contactQuoteSchema.isValidSync(quote) ? contactQuoteSchema.cast(quote) : undefined;
}

/**
 * The message as sent: the shared schema's cast, without the optional fields left blank; a quote request
 * opened from the tryout carries what was priced while its topic stays 投保規劃與報價.
 */
function toMessage(values: ContactValues, start: ContactSearch): ContactMessage {
  const message = contactMessageSchema.cast(values) as ContactMessage;
  for (const key of OPTIONAL) if (!message[key]) delete message[key];
  const quote = message.topic === 'quote' ? quoteOf(start) : undefined;
  return quote ? { ...message, quote } : message;
}

interface ContactFormProps {
  start: ContactSearch;
  busy: boolean;
  /** the server's refusal of the last try, above the button */
  failure: string;
  onSubmit(message: ContactMessage, captcha: string): void;
}

/**
 * 聯絡我們: who is asking and how to reach them, the topic and the message, the consent and the captcha,
 * each field checked on blur with the server's own schema. Each try spends the captcha.
 */
export function ContactForm({ start, busy, failure, onSubmit }: ContactFormProps) {
  const captcha = useCaptcha();
  return (
    <Formik
      initialValues={initialValues(start)}
      validationSchema={contactMessageSchema}
      validateOnBlur
      validateOnChange={false}
      onSubmit={(values) => {
        const solved = captcha.take();
        if (solved) onSubmit(toMessage(values, start), solved);
      }}
    >
      <Form noValidate className="contact-form">
        <FormDraft flow={CONTACT_FLOW} form="message" />
        <fieldset className="form-fieldset">
          <legend>聯絡資料</legend>
          <FormField name="name" label="姓名" required autoComplete="name" />
          <FormField name="companyName" label="公司名稱" required autoComplete="organization" />
          <FormField
            name="taxId"
            label="統一編號"
            inputMode="numeric"
            normalize="halfWidth"
            maxLength={8}
            hint="選填；已投保的公司填寫後，專人可更快查到貴公司的資料"
          />
          <ContactChannelFields emailHint="回覆會寄到這個信箱" />
        </fieldset>
        <fieldset className="form-fieldset">
          <legend>洽詢內容</legend>
          <FormSelect name="topic" label="洽詢主題" required placeholder="請選擇" options={CONTACT_TOPICS} />
          <FormTextArea
            name="content"
            label="內容"
            required
            maxWidth={CONTACT_CONTENT_MAX}
            hint="請描述您的問題；詢問報價時請說明員工人數與想要的保障"
          />
        </fieldset>
        <section className="privacy-notice" aria-labelledby="contact-privacy-heading">
          <h2 id="contact-privacy-heading">個人資料蒐集告知事項</h2>
          <ol>
            <li>
              蒐集者：{INSURER.name}
              （以下稱本公司）。目的：消費者、客戶管理與服務（090）、人身保險業務（001）。
            </li>
            <li>個人資料類別：姓名、公司名稱、統一編號、電話、電子郵件及留言內容。</li>
            <li>
              利用期間、地區、對象及方式：於回覆及處理本次洽詢所需期間，及依法令應保存之期間內，於中華民國境內，由本公司客戶服務及業務人員以電話或電子郵件利用。
            </li>
            <li>
              您得依個人資料保護法第3條請求查詢、閱覽、製給複製本、補充或更正、停止蒐集處理利用或刪除；請洽客服專線
              {INSURER.serviceLine}。
            </li>
            <li>您得自由選擇是否提供；未提供必要資料者，本公司將無法回覆您的洽詢。</li>
          </ol>
        </section>
        <FormCheckbox name="consent" label="我已閱讀並同意個人資料蒐集告知事項" required />
        {captcha.field}
        {failure && (
          <div className="form-error" role="alert">
            <p>留言未送出：{failure}</p>
          </div>
        )}
        <div className="form-actions">
          <BusyButton type="submit" className="button primary" busy={busy}>
            送出留言
          </BusyButton>
        </div>
      </Form>
    </Formik>
  );
}
