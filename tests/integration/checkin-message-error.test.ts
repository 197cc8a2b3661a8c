import { runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { ChatClient, createCheckIn, sessionStub } from "./checkin-helpers";

/**
 * Issue 13 §6: when the object cannot store a message, the page is told ("Message Error",
 * code internal_error, with the message's clientId, which the page keeps and resends), and
 * the same message sent again is stored once storage works again.
 */
describe("a message the object fails to store", () => {
  it("is answered with internal_error for its clientId, and stored when sent again", async () => {
    const checkIn = await createCheckIn();
    const chat = await ChatClient.open(checkIn);
    const stub = sessionStub(checkIn.id);
    await runInDurableObject(stub, (_instance, state) => {
      state.storage.sql.exec(
        "create trigger refuse_user before insert on messages when new.sender = 'user' begin select raise(abort, 'disk full'); end",
      );
    });
    const clientId = crypto.randomUUID();
    chat.send({ type: "message", clientId, content: "Pretty good week overall." });
    const error = await chat.waitFor<"error">((f) => f.type === "error");
    expect(error).toMatchObject({ code: "internal_error", clientId });
    expect(error.message).toMatch(/^Message Error/);

    await runInDurableObject(stub, (_instance, state) => {
      state.storage.sql.exec("drop trigger refuse_user");
    });
    const { ack } = await chat.say("Pretty good week overall.", { clientId });
    expect(ack.clientId).toBe(clientId);
    chat.close();
  });
});
