import type { AiTestResult } from "@shared/console/ai-agent";
import { Badge, Card } from "@/components/ui";
import { testFailureMessage } from "../../console/display";

/**
 * Quick Test's answer: the reply with this configuration next to the reply with the
 * defaults (same provider, same message), and each setting that differs with the
 * behaviour it changes — so the operator sees what the configuration did, not a claim.
 */
export function TestResultCard({ result }: { result: AiTestResult }) {
  return (
    <Card
      title={result.success ? "Test passed" : "Test failed"}
      actions={result.provider ? <Badge variant="muted">{result.provider}</Badge> : null}
      className={result.success ? "border-success/40" : "border-error/40"}
    >
      {result.success ? (
        <div className="space-y-4" data-testid="test-result">
          <div className="grid gap-3 md:grid-cols-2">
            <Reply label="With this configuration" text={result.response} testId="test-reply" />
            <Reply label="With the defaults" text={result.defaultResponse} testId="default-reply" />
          </div>
          <ChangeList changes={result.changes ?? []} />
          <div className="flex flex-wrap gap-2 text-sm">
            <Badge variant={result.frameworkUsed ? "success" : "muted"}>
              {result.frameworkUsed ? "Framework used" : "No framework"}
            </Badge>
            {result.sentimentScores ? (
              <span className="text-soft">
                Read of the test message — confidence {result.sentimentScores.confidence}%, stress{" "}
                {result.sentimentScores.stress}%, morale {result.sentimentScores.morale}%
              </span>
            ) : null}
          </div>
        </div>
      ) : (
        <div className="space-y-3 text-sm" data-testid="test-result">
          <p className="text-error">{testFailureMessage(result.error)}</p>
          <div>
            <p className="font-medium">Common solutions</p>
            <ul className="mt-1 list-disc space-y-1 pl-5 text-soft">
              <li>Make sure the AI provider key (OPENAI_API_KEY) is set in the server secrets.</li>
              <li>Fill in the required fields: opening greeting and closing statement.</li>
              <li>Check that the connection is stable.</li>
              <li>Try again in a moment.</li>
            </ul>
          </div>
        </div>
      )}
    </Card>
  );
}

function Reply({ label, text, testId }: { label: string; text: string | undefined; testId: string }) {
  return (
    <figure>
      <figcaption className="mb-1 text-xs font-medium text-muted">{label}</figcaption>
      <blockquote
        className="rounded-field border-l-4 border-primary bg-base-200 p-3 text-sm whitespace-pre-wrap"
        data-testid={testId}
      >
        {text ?? "—"}
      </blockquote>
    </figure>
  );
}

function ChangeList({ changes }: { changes: NonNullable<AiTestResult["changes"]> }) {
  if (changes.length === 0) {
    return <p className="text-sm text-soft">Every setting is at its default: both replies are the same.</p>;
  }
  return (
    <div className="overflow-x-auto">
      <table className="table table-sm" data-testid="test-changes">
        <thead>
          <tr>
            <th>Setting</th>
            <th>Now</th>
            <th>Default</th>
            <th>What changes</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.setting}>
              <td className="font-medium">{change.setting}</td>
              <td>{change.value}</td>
              <td>{change.defaultValue}</td>
              <td>{change.effect}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
