// The Jira Cloud connector of the ticket tracker (docs/architecture.md §14 Support), written against Jira's REST API
// v3: `POST /rest/api/3/issue` (answers the issue key), `POST /rest/api/3/issue/{key}/comment` (bodies in Atlassian
// Document Format), and cancellation as a workflow transition (`GET`, then `POST /rest/api/3/issue/{key}/transitions`).
// Basic auth with an account email and API token. Configured by environment variables (README); when they are
// absent the embedded tracker is used. Ticket rows stay in our database either way, so devices sync them as usual.
import { ApiError } from '../errors';
import type { TicketTracker, TrackerIssue } from './tracker';

/** What the connector needs to reach a Jira Cloud site. */
export interface JiraConfig {
  /** `https://your-site.atlassian.net` (no trailing slash). */
  baseUrl: string;
  email: string;
  apiToken: string;
  projectKey: string;
  issueType: string;
  /** The workflow transition (or target status) name that cancels an issue. */
  cancelTransition: string;
  /** Milliseconds before a Jira call is given up. */
  timeoutMs: number;
}

/** The Jira configuration of the environment, or null when JIRA_BASE_URL is not set; incomplete settings throw. */
export function jiraConfigFrom(env: NodeJS.ProcessEnv): JiraConfig | null {
  const baseUrl = env.JIRA_BASE_URL?.trim();
  if (!baseUrl) return null;
  const missing = ['JIRA_EMAIL', 'JIRA_API_TOKEN', 'JIRA_PROJECT_KEY'].filter((name) => !env[name]?.trim());
  if (missing.length > 0) throw new Error(`JIRA_BASE_URL is set but ${missing.join(', ')} is missing`);
  return {
    baseUrl: baseUrl.replace(/\/+$/, ''),
    email: env.JIRA_EMAIL?.trim() ?? '',
    apiToken: env.JIRA_API_TOKEN?.trim() ?? '',
    projectKey: env.JIRA_PROJECT_KEY?.trim() ?? '',
    issueType: env.JIRA_ISSUE_TYPE?.trim() || 'Task',
    cancelTransition: env.JIRA_CANCEL_TRANSITION?.trim() || 'Cancelled',
    timeoutMs: Number(env.JIRA_TIMEOUT_MS) > 0 ? Number(env.JIRA_TIMEOUT_MS) : 15_000,
  };
}

/** A text as an Atlassian Document Format document: one paragraph per line group. */
export function adfDocument(text: string) {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((part) => part.trim())
    .filter(Boolean);
  return {
    type: 'doc',
    version: 1,
    content: paragraphs.map((part) => ({
      type: 'paragraph',
      content: part
        .split('\n')
        .flatMap((line, i) => [
          ...(i > 0 ? [{ type: 'hardBreak' }] : []),
          ...(line ? [{ type: 'text', text: line }] : []),
        ]),
    })),
  };
}

/**
 * A failed Jira call: a 502 to our caller (the device's outbox retries it later, and the write it was part of rolled
 * back), with Jira's own status and words for the log.
 */
export class JiraError extends ApiError {
  constructor(
    readonly jiraStatus: number,
    readonly detail: string,
  ) {
    super(502, 'tracker_failed', 'The support tracker could not be reached. Please try again.');
  }
}

/** The Jira Cloud tracker; `fetchImpl` is the network (tests point it at a fake Jira on loopback). */
export function jiraTracker(config: JiraConfig, fetchImpl: typeof fetch = fetch): TicketTracker {
  const auth = `Basic ${Buffer.from(`${config.email}:${config.apiToken}`).toString('base64')}`;
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T | null> => {
    const response = await fetchImpl(`${config.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: auth,
        Accept: 'application/json',
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(config.timeoutMs),
    });
    const text = await response.text();
    if (!response.ok) {
      let message = text.slice(0, 300);
      try {
        const parsed = JSON.parse(text) as { errorMessages?: string[]; errors?: Record<string, string> };
        message =
          [...(parsed.errorMessages ?? []), ...Object.values(parsed.errors ?? {})].join('; ') || message;
      } catch {
        // Not JSON: the text itself says it.
      }
      throw new JiraError(response.status, `Jira answered ${response.status}: ${message}`);
    }
    return text ? (JSON.parse(text) as T) : null;
  };

  return {
    name: 'jira',
    async createIssue(_tx, issue: TrackerIssue) {
      const description = [
        issue.description,
        `Company: ${issue.companyName}`,
        `Request type: ${issue.requestType}`,
        `Requested by: ${issue.requestedBy}`,
      ].join('\n\n');
      const created = await call<{ key?: string }>('POST', '/rest/api/3/issue', {
        fields: {
          project: { key: config.projectKey },
          issuetype: { name: config.issueType },
          summary: `[${issue.requestType}] ${issue.summary}`.slice(0, 255),
          description: adfDocument(description),
        },
      });
      if (!created?.key) throw new JiraError(502, 'Jira created no issue key');
      return created.key;
    },
    async addComment(key, body, author) {
      await call('POST', `/rest/api/3/issue/${encodeURIComponent(key)}/comment`, {
        body: adfDocument(`${author}:\n${body}`),
      });
    },
    async cancelIssue(key) {
      const path = `/rest/api/3/issue/${encodeURIComponent(key)}/transitions`;
      const answer = await call<{ transitions?: { id: string; name: string; to?: { name?: string } }[] }>(
        'GET',
        path,
      );
      const wanted = config.cancelTransition.toLowerCase();
      const transition = (answer?.transitions ?? []).find(
        (candidate) =>
          candidate.name.toLowerCase() === wanted || candidate.to?.name?.toLowerCase() === wanted,
      );
      if (!transition)
        throw new JiraError(409, `Jira offers no "${config.cancelTransition}" transition for ${key}`);
      await call('POST', path, { transition: { id: transition.id } });
    },
  };
}
