import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { movesFrom } from '../../../machines/application.machine';
import type { ProgressEvent } from '../../domain/api/overprint';
import type { ApplicationStatus } from '../../domain/application-status';
import { INSURER } from '../../domain/insurer';

/**
 * What the company can do at each status (docs/domain.md §1.2); 待補件 names the documents staff asked for.
 * Where the application machine lets staff ask for documents from the status, it says they may.
 */
export function statusGuidance(status: ApplicationStatus, latest: ProgressEvent): ReactNode {
  const mayAskDocuments = movesFrom(status).some((move) => move.event === 'documents.request');
  return (
    <>
      {ownGuidance(status, latest)}
      {mayAskDocuments && '如需補充資料，會與聯絡人聯繫。'}
    </>
  );
}

function ownGuidance(status: ApplicationStatus, latest: ProgressEvent): ReactNode {
  switch (status) {
    case '已受理':
      return (
        <>
          我們已收到申請，業務人員將於 3 個工作天內與聯絡人聯繫，確認投保內容與保費。您可先{' '}
          <Link to="/overprint/STEP1">列印要保書與被保險人名冊</Link>，用印備妥。
        </>
      );
    case '資料審核中':
      return '我們正在核對要保書、被保險人名冊與投保內容。';
    case '待補件':
      return (
        <>
          請補送：<strong>{latest.note}</strong>。可交給與您聯繫的業務人員，或寄至 {INSURER.address}
          （團體保險部收），並註明受理編號。收到後即繼續審核。
        </>
      );
    case '核保中':
      return '核保人員正在評估投保內容與被保險人資料，通常需要 3 至 5 個工作天。';
    case '已承保':
      return '保險已核准承保。保險單將寄至要保單位，並為每位被保險人製發保險證。';
    case '不予承保':
      return `很抱歉，此申請未能承保，業務人員將向聯絡人說明原因；如有疑問，請洽客服專線 ${INSURER.serviceLine}。`;
    case '已結案':
      return '此申請已結案（申請撤回或逾期未補件）。如仍需投保，歡迎重新申請。';
  }
}
