import type { AiAgentConfig as AgentConfig } from "@shared/ai-config";
import { aiChatResponseSchema } from "@shared/console/ai-agent";
import { useEffect, useRef, useState } from "react";
import { toast } from "@/components/toast/toast-store";
import { Badge, Card } from "@/components/ui";
import { api } from "@/lib/api";

type ChatMessage = { id: string; content: string; sender: "user" | "assistant"; timestamp: number };

/** Spec 2 §2, §7: an interactive chat with the configured agent, through the server. */
export function TestChat({ configuration }: { configuration: AgentConfig }) {
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [input, setInput] = useState("");
  const [status, setStatus] = useState<"ready" | "error">("ready");
  const [busy, setBusy] = useState(false);
  const [provider, setProvider] = useState<string | null>(null);
  const scroller = useRef<HTMLDivElement>(null);

  // Keep the newest message in view inside the chat box (not the page).
  useEffect(() => {
    const box = scroller.current;
    if (box && (messages.length > 0 || busy)) box.scrollTop = box.scrollHeight;
  }, [messages, busy]);

  const send = async () => {
    const content = input.trim();
    if (!content || busy || status !== "ready") return;
    const next: ChatMessage[] = [
      ...messages,
      { id: crypto.randomUUID(), content, sender: "user", timestamp: Date.now() },
    ];
    setMessages(next);
    setInput("");
    setBusy(true);
    try {
      const reply = await api("/api/admin/ai-config/chat", aiChatResponseSchema, {
        method: "POST",
        body: { configuration, messages: next.slice(-40).map((m) => ({ role: m.sender, content: m.content })) },
      });
      setProvider(reply.provider);
      const text = reply.response?.trim() || "No response received. Please try again.";
      setMessages((current) => [
        ...current,
        { id: crypto.randomUUID(), content: text, sender: "assistant", timestamp: Date.now() },
      ]);
    } catch (error) {
      console.error("AI test chat failed", error);
      setStatus("error");
      toast({
        title: "Error",
        description: "Error generating response. Please check the console.",
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card
      title="Interactive test chat"
      description="Talk to the agent as a salesperson would, with the settings above (saved or not)."
      actions={provider ? <Badge variant="muted">{provider}</Badge> : null}
    >
      <div className="flex h-80 flex-col rounded-field border border-base-300">
        <div
          ref={scroller}
          className="flex-1 space-y-3 overflow-y-auto p-4"
          aria-live="polite"
          data-testid="test-chat-messages"
        >
          {messages.length === 0 ? (
            <p className="text-center text-sm text-muted">Say how your week is going to see how the agent answers.</p>
          ) : (
            messages.map((m) => (
              <div key={m.id} className={`chat ${m.sender === "user" ? "chat-end" : "chat-start"}`}>
                <div className="chat-header text-xs text-muted">{m.sender === "user" ? "You" : "AI Agent"}</div>
                <div
                  className={`chat-bubble text-sm whitespace-pre-wrap ${m.sender === "user" ? "chat-bubble-primary" : ""}`}
                >
                  {m.content}
                </div>
              </div>
            ))
          )}
          {busy ? (
            <div className="chat chat-start">
              <div className="chat-bubble">
                <span className="loading loading-dots loading-sm" />
              </div>
            </div>
          ) : null}
        </div>
        <form
          className="flex gap-2 border-t border-base-300 p-3"
          onSubmit={(e) => {
            e.preventDefault();
            void send();
          }}
        >
          <input
            className="input input-sm flex-1"
            value={input}
            maxLength={2000}
            placeholder={
              status === "ready" ? "Type a message as a salesperson…" : "Clear the conversation to try again"
            }
            aria-label="Test message"
            disabled={status !== "ready" || busy}
            onChange={(e) => setInput(e.target.value)}
          />
          <button
            type="submit"
            className="btn btn-primary btn-sm"
            disabled={status !== "ready" || busy || !input.trim()}
          >
            Generate AI Response
          </button>
        </form>
      </div>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2 text-sm">
        <span>
          Server-side AI Status:{" "}
          <span className={status === "ready" ? "font-medium text-success" : "font-medium text-error"}>{status}</span>
        </span>
        <button
          type="button"
          className="btn btn-ghost btn-sm"
          onClick={() => {
            setMessages([]);
            setStatus("ready");
          }}
        >
          Clear Conversation
        </button>
      </div>
    </Card>
  );
}
