/**
 * The port text messages go through (practice-loop.md section 5): sending one, telling a
 * permanent refusal from a passing one, checking that an inbound message came from the provider,
 * and the body that answers it. Twilio is the one provider (twilio-provider.ts); tests run it
 * against a local stand-in of its HTTP API (test/twilio-stand-in.ts).
 */
export interface TextProvider {
  /** Hands one text to the provider; answers its id for the message. */
  send(message: { to: string; body: string }): Promise<{ id: string }>;
  /** A refusal that a retry would meet again (an invalid or unreachable number, a blocked sender). */
  isPermanent(error: unknown): boolean;
  /**
   * Whether an inbound webhook is the provider's: its signature over `url` (the address the
   * provider was told to call) and the posted fields.
   */
  verifyInbound(request: { signature: string | undefined; settings: string | undefined; url: string; params: Record<string, string> }): boolean;
  /** The answer to an inbound message: a reply text, or none. */
  reply(text: string | null): { contentType: string; body: string };
}
