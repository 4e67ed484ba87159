import { describe, expect, it } from 'vitest';
import { reportIssueDefaults } from './open-report-issue';
import { messageRows } from './ReportIssueModal';
import { reportIssueProblems, senderName } from './report-issue';

const valid = { message: 'The level froze at the boss.', email: 'ada@example.com', subject: 'bug_report' };

describe('the report-issue rules (spec §5)', () => {
  it('accepts a complete form', () => {
    expect(reportIssueProblems(valid)).toEqual({});
  });

  it('wants a message of at least 10 characters after trimming', () => {
    expect(reportIssueProblems({ ...valid, message: '   ' }).message).toBe('support.messageRequired');
    expect(reportIssueProblems({ ...valid, message: '  123456789  ' }).message).toBe('support.messageTooShort');
    expect(reportIssueProblems({ ...valid, message: ' 1234567890 ' }).message).toBeUndefined();
  });

  it('wants an email of the usual form', () => {
    expect(reportIssueProblems({ ...valid, email: '' }).email).toBe('support.emailRequired');
    expect(reportIssueProblems({ ...valid, email: 'ada@' }).email).toBe('support.emailInvalid');
    expect(reportIssueProblems({ ...valid, email: ' ada@example.com ' }).email).toBeUndefined();
  });

  it('wants one of the six subjects', () => {
    expect(reportIssueProblems({ ...valid, subject: '' }).subject).toBe('support.subjectRequired');
    expect(reportIssueProblems({ ...valid, subject: 'refund' }).subject).toBe('support.subjectRequired');
    for (const subject of ['payment_issues', 'account_issues', 'technical_issues', 'gameplay_issues', 'other']) {
      expect(reportIssueProblems({ ...valid, subject })).toEqual({});
    }
  });

  it('names the sender by the part of the email before the at sign', () => {
    expect(senderName(' ada.lovelace+games@example.com ')).toBe('ada.lovelace+games');
  });

  it('defaults to bug_report and the profile email', () => {
    expect(reportIssueDefaults({ email: 'ada@example.com' })).toEqual({
      subject: 'bug_report',
      email: 'ada@example.com',
      message: '',
    });
    expect(reportIssueDefaults({ email: null, subject: 'nonsense', message: 'Hi' })).toEqual({
      subject: 'bug_report',
      email: '',
      message: 'Hi',
    });
    expect(reportIssueDefaults({ subject: 'payment_issues' }).subject).toBe('payment_issues');
  });

  it('grows the message area from 4 to 8 rows', () => {
    expect(messageRows('')).toBe(4);
    expect(messageRows('a\nb\nc\nd\ne')).toBe(5);
    expect(messageRows('\n'.repeat(20))).toBe(8);
  });
});
