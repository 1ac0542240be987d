import { INSURER } from '../../domain/insurer';

/** 個人資料蒐集告知事項 (個人資料保護法第8條): what is collected, why, for how long, and the visitor's rights. */
export function PrivacyNotice() {
  return (
    <section className="privacy-notice" aria-labelledby="privacy-heading">
      <h2 id="privacy-heading">個人資料蒐集、處理及利用告知事項</h2>
      <ol>
        <li>
          蒐集者：{INSURER.name}
          （以下稱本公司）。目的：人身保險業務（001）、契約、類似契約或其他法律關係事務（069）、
          其他經營合於營業登記項目或組織章程所定之業務（181）。
        </li>
        <li>
          個人資料類別：要保單位及聯絡人之姓名、職稱、電話、電子郵件、地址；被保險人之姓名、身分證字號或居留證號、出生日期、
          性別、職業類別、月投保薪資。
        </li>
        <li>
          利用期間、地區、對象及方式：於契約存續期間及依法令或業務所需之保存期間內，於中華民國境內，由本公司及受本公司委託處理
          核保、承保作業之人員，以書面或電子方式利用。
        </li>
        <li>
          您得依個人資料保護法第3條向本公司請求查詢、閱覽、製給複製本、補充或更正、停止蒐集處理利用或刪除；請洽客服專線
          {INSURER.serviceLine}。
        </li>
        <li>您得自由選擇是否提供；未提供必要資料者，本公司將無法受理本次投保申請。</li>
      </ol>
    </section>
  );
}
