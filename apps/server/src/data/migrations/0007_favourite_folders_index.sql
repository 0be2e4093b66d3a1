-- Keyset pages of one user's starred folders, in list order: only starred rows are indexed, so the list reads a page of them rather than every folder of the user.
CREATE INDEX "folders_user_starred_created_idx" ON "folders" USING btree ("user_id","created_at","id") WHERE "is_starred";
