-- Account numbers unique per user, not across the service: another user's number neither blocks nor is revealed by a 409 (issue 24). Only relaxes the constraint, so existing rows always satisfy it.
ALTER TABLE "bank_accounts" DROP CONSTRAINT "bank_accounts_account_number_unique";--> statement-breakpoint
CREATE UNIQUE INDEX "bank_accounts_user_account_number_idx" ON "bank_accounts" USING btree ("user_id","account_number");
