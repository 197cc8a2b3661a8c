import { type AiAgentConfig as AgentConfig, aiAgentConfigSchema } from "@shared/ai-config";
import {
  type AiConfigRecord,
  type AiTestResult,
  aiConfigRecordSchema,
  aiTestResultSchema,
} from "@shared/console/ai-agent";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { toast } from "@/components/toast/toast-store";
import { ApiRequestError, api } from "@/lib/api";
import { adminKeys } from "../../console/api";
import { SAMPLE_TEST_MESSAGE, testFailureMessage } from "../../console/display";

/** Save, Reload and Quick Test of the AI Agent Config screen, with the spec's toasts (spec 2 §8). */
export function useAiConfigActions(input: { draft: AgentConfig; onLoaded: (record: AiConfigRecord) => void }) {
  const { draft, onLoaded } = input;
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [testing, setTesting] = useState(false);
  const [result, setResult] = useState<AiTestResult | null>(null);

  const save = async () => {
    if (!aiAgentConfigSchema.safeParse(draft).success) {
      toast({
        title: "Error",
        description: "Failed to save configuration. Please try again. (Fill or remove empty phrases first.)",
        variant: "destructive",
      });
      return;
    }
    setSaving(true);
    try {
      const record = await api("/api/admin/ai-config", aiConfigRecordSchema, {
        method: "PUT",
        body: { configuration: draft },
      });
      onLoaded(record);
      queryClient.setQueryData(adminKeys.aiConfig, record);
      const length = record.configuration.prompts.psychological_profiles_framework.length;
      toast({
        title: "Configuration saved",
        description: `AI agent configuration has been updated globally. ${
          length > 0 ? `Psychological framework: ${length} characters.` : "No psychological framework set."
        }`,
      });
    } catch {
      toast({ title: "Error", description: "Failed to save configuration. Please try again.", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  };

  const reload = async () => {
    setReloading(true);
    try {
      const record = await queryClient.fetchQuery({
        queryKey: adminKeys.aiConfig,
        queryFn: () => api("/api/admin/ai-config", aiConfigRecordSchema),
        staleTime: 0,
      });
      onLoaded(record);
      toast({ title: "Configuration reloaded", description: "Successfully reloaded configuration from database." });
    } catch {
      toast({ title: "Error", description: "Failed to reload configuration.", variant: "destructive" });
    } finally {
      setReloading(false);
    }
  };

  const quickTest = async () => {
    for (const [text, field] of [
      [draft.prompts.opening_greeting, "Opening greeting"],
      [draft.prompts.closing_statement, "Closing statement"],
    ] as const) {
      if (!text.trim()) {
        toast({
          title: "Configuration Incomplete",
          description: `${field} is required for testing.`,
          variant: "destructive",
        });
        return;
      }
    }
    setTesting(true);
    setResult(null);
    try {
      const outcome = await api("/api/admin/ai-config/test", aiTestResultSchema, {
        method: "POST",
        body: { configuration: draft, testMessage: SAMPLE_TEST_MESSAGE },
      });
      setResult(outcome);
      if (outcome.success) {
        const changed = outcome.changes?.length ?? 0;
        toast({
          title: "Test successful",
          description:
            changed > 0
              ? `The AI agent answered. ${changed} setting${changed === 1 ? " differs" : "s differ"} from the defaults: see the comparison.`
              : "The AI agent answered. Every setting is at its default.",
        });
      } else {
        toast({ title: "Test failed", description: testFailureMessage(outcome.error), variant: "destructive" });
      }
    } catch (error) {
      const message = error instanceof ApiRequestError ? error.message : error instanceof Error ? error.message : "";
      setResult({ success: false, error: message || "Client-side error" });
      toast({
        title: error instanceof ApiRequestError ? "Test failed" : "Test Error",
        description: testFailureMessage(message),
        variant: "destructive",
      });
    } finally {
      setTesting(false);
    }
  };

  return { save, reload, quickTest, saving, reloading, testing, result };
}
