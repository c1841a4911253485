/**
 * The problems found in a scenario document, each with the path of its field, shown next to the
 * input they came from. An alert, so a screen reader announces them as they appear.
 * @module
 */
import type { ScenarioIssue } from '../model/scenario';
import { useT } from '../i18n';
import '../views/tools-messages'; // its text (catalogue loaded with the secondary controls, issue 7)

/** Props of {@link IssueList}. */
export interface IssueListProps {
  /** Referenced by the input's `aria-describedby`. */
  id: string;
  /** One sentence before the list (what could not be opened, how many problems). */
  summary: string;
  issues: readonly ScenarioIssue[];
}

/** The problems list. */
export function IssueList({ id, summary, issues }: IssueListProps) {
  const t = useT();
  return (
    <div id={id} className="fl-issues" role="alert">
      <p className="fl-issues__summary">{summary}</p>
      <ul className="fl-issues__list">
        {issues.map((issue, k) => (
          <li key={`${k}-${issue.path}`}>
            <code className="fl-issues__path">{issue.path || t('library.issue.whole')}</code>
            <span>: {issue.message}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}
