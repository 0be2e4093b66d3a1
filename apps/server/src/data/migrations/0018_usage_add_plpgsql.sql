-- `user_usage_add` (0015) as PL/pgSQL, the same statement: a LANGUAGE sql function that is not inlined (it returns
-- void and writes) parses and plans its UPDATE again at every call, and the usage triggers call it on every content
-- change. A content PUT that keeps a version calls it twice (the version made, the version pruned): 0.3-0.5 ms each on
-- PostgreSQL, most of what keeping versions added to the statement (issue 27 §4, docs/performance.md). PL/pgSQL keeps
-- the statement's plan for the session: 0.07-0.1 ms a call.
CREATE OR REPLACE FUNCTION user_usage_add(owners integer[], file_delta bigint[], version_delta bigint[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_usage u SET file_bytes = u.file_bytes + d.files, version_bytes = u.version_bytes + d.versions
  FROM (
    SELECT o.user_id, sum(o.files) AS files, sum(o.versions) AS versions
    FROM unnest(owners, file_delta, version_delta) o(user_id, files, versions) GROUP BY o.user_id
  ) d
  WHERE u.user_id = d.user_id AND (d.files <> 0 OR d.versions <> 0);
END $$;
