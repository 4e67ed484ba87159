import { lazy } from 'react';
import { ClosedWatcher } from '../../shared/ui/modals/ClosedWatcher';
import type { ModalApi } from '../../shared/ui/modals/modal-manager';
import { isSupportSubject, type ReportIssueValues } from './report-issue';

const LazyReportIssueModal = lazy(async () => ({ default: (await import('./ReportIssueModal')).ReportIssueModal }));

export interface ReportIssueDefaults {
  /** The profile email (spec §5). */
  email?: string | null;
  subject?: string;
  message?: string;
}

/** The form's first values: subject bug_report and the profile email unless given (spec §5). */
export function reportIssueDefaults(defaults: ReportIssueDefaults): ReportIssueValues {
  return {
    subject: isSupportSubject(defaults.subject) ? defaults.subject : 'bug_report',
    email: defaults.email ?? '',
    message: defaults.message ?? '',
  };
}

/** Opens the report-issue modal; resolves true once a message was sent, false when closed before. */
export function openReportIssue(
  modals: ModalApi,
  defaults: ReportIssueDefaults,
  send: (values: ReportIssueValues) => Promise<void>,
): Promise<boolean> {
  return new Promise((resolve) => {
    let sent = false;
    modals.open((close) => (
      <>
        <ClosedWatcher onGone={() => resolve(sent)} />
        <LazyReportIssueModal
          defaults={reportIssueDefaults(defaults)}
          onSend={async (values) => {
            await send(values);
            sent = true;
            resolve(true);
          }}
          onClose={close}
        />
      </>
    ));
  });
}
