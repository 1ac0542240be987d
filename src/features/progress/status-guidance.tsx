import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { movesFrom } from '../../../machines/application.machine';
import type { ProgressEvent } from '../../domain/api/overprint';
import type { ApplicationStatus } from '../../domain/application-status';
import {
  ACCEPTED_GUIDANCE,
  DOCUMENTS_DESTINATION,
  MAY_ASK_DOCUMENTS,
  PLAIN_GUIDANCE,
} from '../../domain/status-guidance';

/**
 * What the company can do at each status (docs/domain.md §1.2); 待補件 names the documents staff asked for.
 * Where the application machine lets staff ask for documents from the status, it says they may.
 */
export function statusGuidance(status: ApplicationStatus, latest: ProgressEvent): ReactNode {
  const mayAskDocuments = movesFrom(status).some((move) => move.event === 'documents.request');
  return (
    <>
      {ownGuidance(status, latest)}
      {mayAskDocuments && MAY_ASK_DOCUMENTS}
    </>
  );
}

function ownGuidance(status: ApplicationStatus, latest: ProgressEvent): ReactNode {
  switch (status) {
    case '已受理':
      return (
        <>
          {ACCEPTED_GUIDANCE}您可先 <Link to="/overprint/STEP1">列印要保書與被保險人名冊</Link>，用印備妥。
        </>
      );
    case '待補件':
      return (
        <>
          請補送：<strong>{latest.note}</strong>。{DOCUMENTS_DESTINATION}
        </>
      );
    default:
      return PLAIN_GUIDANCE[status];
  }
}
