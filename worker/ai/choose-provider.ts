import type { AppConfig } from "../lib/config";
import { embeddedProvider } from "./embedded";
import { createOpenAiProvider, type OpenAiSettings } from "./openai-provider";
import type { InterviewProvider } from "./provider";

/**
 * The one rule for which AI a configuration gets, and the one way to it: the check-in object
 * (replies and the judgement), the console's Quick Test and test chat, and the dashboard's
 * coaching all call `providerFor`. The OpenAI-compatible endpoint when OPENAI_API_KEY is set,
 * the embedded interviewer otherwise.
 */
function llmSettingsFor(config: AppConfig): OpenAiSettings | null {
  if (!config.OPENAI_API_KEY) return null;
  return { apiKey: config.OPENAI_API_KEY, baseURL: config.OPENAI_BASE_URL, model: config.OPENAI_MODEL };
}

/** One provider per configuration and isolate: every check-in object of the isolate shares it. */
const providers = new Map<string, InterviewProvider>();

export function providerFor(config: AppConfig): InterviewProvider {
  const llm = llmSettingsFor(config);
  if (!llm) return embeddedProvider;
  const key = JSON.stringify([llm.apiKey, llm.baseURL ?? null, llm.model ?? null]);
  let provider = providers.get(key);
  if (!provider) {
    if (providers.size >= 4) providers.clear();
    provider = createOpenAiProvider(llm);
    providers.set(key, provider);
  }
  return provider;
}
