-- One job engine (decision 032): a mail is sent, and a refund issued, by a job queued with it.
-- Mail and refunds still waiting from before get theirs here, due when they were, with the
-- attempts they had made, so an upgrade neither drops nor repeats any.
INSERT INTO jobs (kind, payload, run_at, attempts)
SELECT 'mail.send', jsonb_build_object('outboxId', id::text), next_attempt_at, attempts
FROM outbox WHERE status IN ('pending', 'sending');
--> statement-breakpoint
INSERT INTO jobs (kind, payload, run_at, attempts)
SELECT 'refund.issue', jsonb_build_object('refundId', id::text), next_attempt_at, attempts
FROM refunds WHERE status = 'pending';
